/**
 * Cover art in Now playing, as a new user sees it on the embedded service: coloured half-blocks beside the
 * title that change with the item, and no picture where the pane is too small to share.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, nowPlayingOf, startDashboard, type Dashboard, type Sandbox } from '../helpers/e2e-dashboard.js';

const SCREEN_MS = 15_000;
const sessions: Dashboard[] = [];
const sandboxes: Sandbox[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.kill();
  for (const sandbox of sandboxes.splice(0)) sandbox.remove();
});

function start(columns: number, rows: number): Dashboard {
  const sandbox = createSandbox();
  sandboxes.push(sandbox);
  const dashboard = startDashboard(['--db', sandbox.db], { sandbox, columns, rows });
  sessions.push(dashboard);
  return dashboard;
}

/** The picture's cells in Now playing's rows, colours and all: what stands between the border and the text. */
function pictureOf(dashboard: Dashboard): string {
  const rows = dashboard.capture({ escapes: true }).split('\n').slice(1, 5);
  return rows.map((row) => row.slice(0, row.indexOf('▶') > 0 ? row.indexOf('▶') : row.lastIndexOf('▀') + 1)).join('\n');
}

describe('cover art', () => {
  it('draws coloured half-blocks beside the title at 120×40, and another picture for another album', async () => {
    const dashboard = start(120, 40);
    const screen = await dashboard.waitFor((text) => nowPlayingOf(text) !== null && /│ ▀{8,10}  ▶/.test(text), SCREEN_MS);
    const first = nowPlayingOf(screen)!.name;
    const picture = pictureOf(dashboard);
    expect(picture).toMatch(/\u001b\[(38|48);(5|2);/);
    // The next items until one from another album: its picture differs.
    let changed = false;
    for (let press = 0; press < 6 && !changed; press += 1) {
      const before = nowPlayingOf(dashboard.capture())!.name;
      dashboard.sendKeys('n');
      await dashboard.waitFor((text) => nowPlayingOf(text) !== null && nowPlayingOf(text)!.name !== before, SCREEN_MS);
      await dashboard.waitFor((text) => /│ ▀{8,10}  ▶/.test(text), SCREEN_MS);
      changed = pictureOf(dashboard) !== picture;
    }
    expect(first).not.toBe(nowPlayingOf(dashboard.capture())!.name);
    expect(changed).toBe(true);
  });

  it('leaves the text its room at 60×20: no picture, the title whole', async () => {
    const dashboard = start(60, 20);
    const screen = await dashboard.waitFor((text) => nowPlayingOf(text) !== null, SCREEN_MS);
    expect(screen).not.toContain('▀');
    expect(screen.split('\n')[1]).toMatch(/^│ ▶ Playing {2}\S/);
  });
});
