/**
 * Issue 19 from outside: the built dashboard in tmux with a config file in the sandbox's XDG_CONFIG_HOME
 * (or named with --config), against `serve` on a temporary database.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { computeLayout } from '../../src/ui/layout.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createSandbox,
  openFirstPlaylist,
  rowsOf,
  startDashboard,
  statusMessageOf,
  type Dashboard,
  type Sandbox,
} from '../helpers/e2e-dashboard.js';
import { firstPlaylist, playlistEntries, type ServiceAccess } from '../helpers/e2e-service.js';
import { spawnServe, stopServe, type ServeChild } from '../helpers/serve-child.js';

const SCREEN_MS = 15_000;

let serveHome: Sandbox;
let serve: ServeChild;
let service: ServiceAccess;
let sandbox: Sandbox;
let dashboard: Dashboard | undefined;

beforeAll(async () => {
  serveHome = createSandbox();
  serve = await spawnServe(['--port', '0', '--db', serveHome.db]);
  service = { baseUrl: serve.baseUrl, token: serve.accessToken };
});

afterAll(async () => {
  await stopServe(serve, 'SIGTERM');
  serveHome.remove();
});

afterEach(() => {
  dashboard?.kill();
  dashboard = undefined;
  sandbox?.remove();
});

function writeConfig(text: string): string {
  const folder = join(sandbox.env['XDG_CONFIG_HOME']!, 'playdeck');
  mkdirSync(folder, { recursive: true });
  const path = join(folder, 'config.toml');
  writeFileSync(path, text);
  return path;
}

describe('a config file', () => {
  // E: a key no action has (D, which this test used first, removes an item since issue 29).
  it('remaps the move key: E moves an item down, J no longer does', { timeout: 60_000 }, async () => {
    sandbox = createSandbox();
    writeConfig('[keys]\nmoveDown = "E"\n');
    const playlist = await firstPlaylist(service);
    const before = await playlistEntries(service, playlist.id);
    dashboard = startDashboard(['--base-url', service.baseUrl, '--token', service.token], { sandbox });
    await openFirstPlaylist(dashboard, playlist.name, before[0]!.name);
    dashboard.sendKeys('J');
    dashboard.sendKeys('E');
    await dashboard.waitFor((screen) => /^(moved 1 item|saving|saved)/.test(statusMessageOf(screen)), SCREEN_MS);
    // J did nothing: one undo leaves nothing more to undo.
    dashboard.sendKeys('u');
    await dashboard.waitFor((screen) => statusMessageOf(screen).startsWith('undid'), SCREEN_MS);
    dashboard.sendKeys('u');
    await dashboard.waitFor((screen) => statusMessageOf(screen).includes('nothing to undo'), SCREEN_MS);
  });

  it('with a problem, at start: one line naming file, line and key, and exit 2', { timeout: 30_000 }, async () => {
    sandbox = createSandbox();
    const path = join(sandbox.dir, 'bad.toml');
    writeFileSync(path, '[keys]\nmoveDown = 5\n');
    dashboard = startDashboard(['--base-url', service.baseUrl, '--token', service.token, '--config', path], { sandbox });
    const { status, rows } = await dashboard.waitForExit();
    expect(status).toBe(2);
    // One line (wrapped by the 120 columns of the terminal when the path is long).
    const text = rows.join('');
    expect(text.match(/playdeck:/g)).toHaveLength(1);
    expect(text).toMatch(new RegExp(`^playdeck: ${path.replaceAll('.', '\\.')}:2: keys\\.moveDown: `));
  });
});

describe('a config file saved while the dashboard runs', () => {
  it('applies at once, the cursor staying; a bad save keeps it and says why on the status line', { timeout: 60_000 }, async () => {
    sandbox = createSandbox();
    dashboard = startDashboard(['--base-url', service.baseUrl, '--token', service.token], { sandbox });
    await dashboard.waitFor(/› /, SCREEN_MS);
    dashboard.sendKeys('j', 'j');
    const cursorRow = (screen: string): number => rowsOf(screen).findIndex((line) => /^[│┃]› /.test(line));
    // Two rows under the list's first row, which comes after Now playing, the tab line and the list's border.
    const third = computeLayout(120, 40).nowPlaying.height + 4;
    await dashboard.waitFor((screen) => cursorRow(screen) === third, SCREEN_MS);
    expect(dashboard.capture()).toContain('─ Playlist ─');
    // No playdeck folder yet: the watch waits for it.
    writeConfig('[layout]\ndetails = false\n');
    const wide = await dashboard.waitFor((screen) => !screen.includes('─ Playlist ─'), SCREEN_MS);
    expect(cursorRow(wide)).toBe(third);
    writeConfig('[layout]\ndetails = "no"\n');
    const told = await dashboard.waitFor((screen) => statusMessageOf(screen).startsWith('config not applied:'), SCREEN_MS);
    expect(statusMessageOf(told)).toContain('layout.details');
    expect(told).not.toContain('─ Playlist ─');
  });
});

describe('the mouse', () => {
  it('an SGR click on a row puts the cursor there', { timeout: 60_000 }, async () => {
    sandbox = createSandbox();
    dashboard = startDashboard(['--base-url', service.baseUrl, '--token', service.token], { sandbox });
    await dashboard.waitFor(/› /, SCREEN_MS);
    // The fourth list row: Now playing takes rows 1–6, the tab line 7, the library's border 8 (1-based).
    const row = 12;
    expect(rowsOf(dashboard.capture())[row - 1]).not.toMatch(/^[│┃]› /);
    dashboard.type(`\u001B[<0;10;${row}M\u001B[<0;10;${row}m`);
    await dashboard.waitFor((screen) => /^[│┃]› /.test(rowsOf(screen)[row - 1] ?? ''), SCREEN_MS);
  });
});
