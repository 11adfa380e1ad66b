import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, startDashboard, type Dashboard, type Sandbox } from '../helpers/e2e-dashboard.js';
import { spawnServe, stopServe, type ServeChild } from '../helpers/serve-child.js';

/** The access token, whole or a good part of it, anywhere in what reached the terminal. */
function leaks(output: string, token: string): boolean {
  return output.includes(token) || output.includes(token.slice(0, 16)) || output.includes(token.slice(-16));
}

let sandbox: Sandbox;
let service: ServeChild;
const sessions: Dashboard[] = [];

beforeAll(async () => {
  sandbox = createSandbox();
  service = await spawnServe(['--port', '0', '--db', join(sandbox.dir, 'serve.db')]);
});

afterAll(async () => {
  for (const session of sessions) session.kill();
  await stopServe(service, 'SIGTERM');
  sandbox.remove();
});

describe('the access token', () => {
  it('never reaches the terminal while the dashboard runs, walks its panes and shows its help', async () => {
    const outputLog = join(sandbox.dir, 'terminal.log');
    const dashboard = startDashboard(['--base-url', service.baseUrl, '--token', service.accessToken], { sandbox, outputLog });
    sessions.push(dashboard);
    await dashboard.waitFor(/▶ Playing|❚❚ Paused/, 15_000);
    const screens = [dashboard.capture({ escapes: true })];
    // Enter once the playlists are listed: pressed before, it has no row to open.
    const steps = [[['2'], /Playlists · \d+[\s\S]*› \S/], [['Enter'], /items/], [['Escape', '3'], /Saved shows/], [['4'], /Audiobooks/], [['?'], /Help/]] as const;
    for (const [keys, shows] of steps) {
      dashboard.sendKeys(...keys);
      await dashboard.waitFor(shows, 15_000);
      screens.push(dashboard.capture({ escapes: true }));
    }
    dashboard.sendKeys('?', 'q');
    await dashboard.waitForExit(15_000);
    const everything = `${screens.join('\n')}\n${readFileSync(outputLog, 'latin1')}`;
    expect(everything).toContain('Saved shows');
    expect(leaks(everything, service.accessToken)).toBe(false);
  });

  it('is not in the one line a refused token gets', async () => {
    const refused = `${service.accessToken.slice(0, -4)}XXXX`;
    const dashboard = startDashboard(['--base-url', service.baseUrl, '--token', refused], { sandbox });
    sessions.push(dashboard);
    const { status, rows } = await dashboard.waitForExit(15_000);
    const said = rows.join('\n');
    expect(status).not.toBe(0);
    expect(said).toMatch(/playdeck: .*refused the token/);
    expect(leaks(said, refused)).toBe(false);
  });
});
