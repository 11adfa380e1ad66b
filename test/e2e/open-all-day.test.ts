/**
 * Open all day: two terminals on one database share one embedded service (the second joins, and takes the
 * service over when the first quits, and a move saved in one shows in the other's open playlist), and a
 * start without a terminal says so in one line.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createSandbox,
  itemRowsOf,
  nowPlayingOf,
  startDashboard,
  statusLineOf,
  statusMessageOf,
  type Dashboard,
  type Sandbox,
} from '../helpers/e2e-dashboard.js';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const SCREEN_MS = 15_000;
const sessions: Dashboard[] = [];
const sandboxes: Sandbox[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.kill();
  for (const sandbox of sandboxes.splice(0)) sandbox.remove();
});

function sandbox(): Sandbox {
  const made = createSandbox();
  sandboxes.push(made);
  return made;
}

function dashboardOn(home: Sandbox): Dashboard {
  const dashboard = startDashboard(['--db', home.db], { sandbox: home });
  sessions.push(dashboard);
  return dashboard;
}

function servedBy(home: Sandbox): number | null {
  try {
    return JSON.parse(readFileSync(`${home.db}.service`, 'utf8')).pid;
  } catch {
    return null;
  }
}

/** `2`, Enter: the first playlist's items; resolves to the names of its first three rows. */
async function openFirstPlaylistIn(dashboard: Dashboard): Promise<string[]> {
  dashboard.sendKeys('2');
  await dashboard.waitFor(/› /, SCREEN_MS);
  dashboard.sendKeys('Enter');
  return itemRowsOf(await dashboard.waitFor((screen) => itemRowsOf(screen, 3).length === 3, SCREEN_MS), 3);
}

describe('two terminals, one database', () => {
  it('share one service: the second joins, shows the same player and the moves saved in the first, and takes over when the first quits', { timeout: 60_000 }, async () => {
    const home = sandbox();
    const first = dashboardOn(home);
    const firstScreen = await first.waitFor((screen) => nowPlayingOf(screen) !== null, SCREEN_MS);
    const second = dashboardOn(home);
    const secondScreen = await second.waitFor((screen) => nowPlayingOf(screen) !== null, SCREEN_MS);
    expect(nowPlayingOf(secondScreen)!.name).toBe(nowPlayingOf(firstScreen)!.name);
    expect(servedBy(home)).toBe(first.programPid());

    // Paused in the second, the first sees it: one player.
    second.sendKeys('Space');
    await first.waitFor((screen) => nowPlayingOf(screen)?.isPlaying === false, SCREEN_MS);

    // The first playlist open in both (the second first: it checks its playlist 15 s after opening it).
    const [secondRows, rows] = await Promise.all([second, first].map(openFirstPlaylistIn));
    expect(rows).toEqual(secondRows);
    first.sendKeys('J', 'w');
    await first.waitFor((screen) => statusMessageOf(screen).startsWith('saved'), SCREEN_MS);
    const seen = await second.waitFor((screen) => itemRowsOf(screen, 1)[0] === rows![1], 15_000 + SCREEN_MS);
    expect(itemRowsOf(seen, 3)).toEqual([rows![1], rows![0], rows![2]]);
    expect(statusMessageOf(seen)).toContain('updated with a change made elsewhere');

    first.sendKeys('q');
    expect((await first.waitForExit()).status).toBe(0);
    second.sendKeys('Space');
    await vi.waitFor(() => expect(servedBy(home)).toBe(second.programPid()), { timeout: SCREEN_MS, interval: 100 });
    await second.waitFor((screen) => nowPlayingOf(screen)?.isPlaying === true && /online/.test(statusLineOf(screen)), SCREEN_MS);
  });

  it('`serve` on a database a dashboard serves says so, naming the address, and exits 1', async () => {
    const home = sandbox();
    const dashboard = dashboardOn(home);
    await dashboard.waitFor((screen) => nowPlayingOf(screen) !== null, SCREEN_MS);
    const serve = spawnSync(process.execPath, [CLI, 'serve', '--db', home.db], { env: { ...process.env, ...home.env }, encoding: 'utf8' });
    expect(serve.status).toBe(1);
    expect(serve.stderr.trim().split('\n')).toHaveLength(1);
    expect(serve.stderr).toMatch(/already served at http:\/\/127\.0\.0\.1:\d+/);
  });
});

describe('not a terminal', () => {
  it('gives one line and exit code 2, no stack trace, and creates no database', () => {
    const home = sandbox();
    const run = spawnSync(process.execPath, [CLI, '--db', home.db], {
      env: { ...process.env, ...home.env, CI: '' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^playdeck needs a terminal; [^\n]+\n$/);
    expect(existsSync(home.db)).toBe(false);
  });
});
