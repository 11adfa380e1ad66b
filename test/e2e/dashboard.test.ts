/**
 * Issue 4's done-when, checked from outside as a new user would: the built program in tmux at 120×40 on a
 * fresh database, then against `serve`, then with a base URL that does not work.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  FRESH_START_MS,
  cellPrefixOf,
  createSandbox,
  escapeRegExp,
  nowPlayingOf,
  openFirstPlaylist,
  rowsOf,
  rowsWiderThan,
  startDashboard,
  statusLineOf,
  whenSettled,
  type Sandbox,
} from '../helpers/e2e-dashboard.js';
import { firstPlaylist, playingName, playlistEntries, savedShowNames, type ServiceAccess } from '../helpers/e2e-service.js';
import { spawnServe, stopServe, type ServeChild } from '../helpers/serve-child.js';
import type { TmuxSession } from '../helpers/tmux.js';

const SCREEN_MS = 15_000;

let serve: ServeChild;
/** The same deterministic demo catalog the embedded service seeds: the names the screen must show. */
let access: ServiceAccess;
let sandbox: Sandbox;
let session: TmuxSession | undefined;

beforeAll(async () => {
  serve = await spawnServe(['--port', '0', '--db', ':memory:']);
  access = { baseUrl: serve.baseUrl, token: serve.accessToken };
});

afterAll(async () => {
  await stopServe(serve, 'SIGTERM');
});

afterEach(() => {
  session?.kill();
  session = undefined;
  sandbox?.remove();
});

describe('the dashboard as a new user runs it', () => {
  it('plays, browses, helps, resizes and quits on a fresh database', { timeout: 90_000 }, async () => {
    const playlist = await firstPlaylist(access);
    const [firstEntry] = await playlistEntries(access, playlist.id);
    const [firstShow] = await savedShowNames(access, 1);
    sandbox = createSandbox();
    const dashboard = startDashboard(['--db', sandbox.db], { sandbox, columns: 120, rows: 40 });
    session = dashboard;

    // The fresh player starts on the first playlist's first item, and its clock runs.
    const first = nowPlayingOf(await dashboard.waitFor((screen) => nowPlayingOf(screen)?.name === firstEntry!.name, FRESH_START_MS));
    expect(first?.isPlaying).toBe(true);
    await dashboard.waitFor((screen) => {
      const now = nowPlayingOf(screen);
      return now !== null && now.elapsed !== first!.elapsed;
    }, SCREEN_MS);

    const items = await openFirstPlaylist(dashboard, playlist.name, firstEntry!.name);
    expect(items).toContain(`${playlist.name} · ${playlist.total} items`);

    dashboard.sendKeys('Escape');
    await dashboard.waitFor(/Playlists · \d+/, SCREEN_MS);
    dashboard.sendKeys('3');
    await dashboard.waitFor((screen) => /Saved shows · \d+/.test(screen) && screen.includes(`› ${cellPrefixOf(firstShow!)}`), SCREEN_MS);

    // The help is longer than the screen: its first page holds the keys of Saved shows, then those of
    // everywhere; the next page, the other places'. `/` finds any key by its words.
    // The page has turned when the help's own line names other keys (the clock changes the screen anyway).
    const keysShown = (screen: string): string | undefined => /Keys \d+–\d+ of \d+/.exec(screen)?.[0];
    dashboard.sendKeys('?');
    const firstPage = await dashboard.waitFor(
      whenSettled((screen) => keysShown(screen)?.startsWith('Keys 1–') === true && /│ q, Ctrl\+C\s+│ quit/.test(screen)),
      SCREEN_MS,
    );
    expect(firstPage).toMatch(/In Saved shows\s*┃\n┃ │ l\s+│ like[^\n]*\n┃ │ Enter\s+│ open/);
    dashboard.sendKeys('PageDown');
    const nextPage = await dashboard.waitFor(whenSettled((screen) => keysShown(screen) !== undefined && keysShown(screen) !== keysShown(firstPage)), SCREEN_MS);
    const help = `${firstPage}\n${nextPage}`;
    for (const key of ['?', 'Tab', '2', 'P', 'K, Shift+↑', 'J, Shift+↓', 'Enter']) expect(help).toMatch(new RegExp(`│ ${escapeRegExp(key)}\\s+│`));
    dashboard.sendKeys('/');
    await dashboard.waitFor('Enter keeps · Esc clears', SCREEN_MS);
    dashboard.type('redo');
    await dashboard.waitFor(whenSettled((screen) => /│ Ctrl\+R\s+│ redo a move/.test(screen) && !/│ q, Ctrl\+C/.test(screen)), SCREEN_MS);
    dashboard.sendKeys('Escape');
    // Every key again, and the filter's line gone with its text: a frame with one and not the other is not the end.
    await dashboard.waitFor(whenSettled((screen) => /│ q, Ctrl\+C\s+│ quit/.test(screen) && !screen.includes('/ redo')), SCREEN_MS);
    dashboard.sendKeys('?');
    await dashboard.waitFor((screen) => !screen.includes('Help'), SCREEN_MS);

    dashboard.resize(80, 24);
    const small = await dashboard.waitFor((screen) => {
      const rows = rowsOf(screen);
      return rows.length === 24 && rows[0]!.startsWith('╭─ 1 Now playing') && rows[22]!.includes('q quit') && /Saved shows · \d+/.test(screen);
    }, SCREEN_MS);
    expect(rowsWiderThan(small, 80)).toEqual([]);
    // The root box is one row shorter than the terminal: the status line is the last row drawn.
    expect(statusLineOf(small)).toBe(rowsOf(small)[22]);
    expect(nowPlayingOf(small)?.name).toBeTruthy();

    dashboard.sendKeys('q');
    expect((await dashboard.waitForExit()).status).toBe(0);
  });

  it('works against serve with --base-url and --token', { timeout: 60_000 }, async () => {
    sandbox = createSandbox();
    const dashboard = startDashboard(['--base-url', access.baseUrl, '--token', access.token], { sandbox });
    session = dashboard;
    await dashboard.waitFor((screen) => nowPlayingOf(screen) !== null && statusLineOf(screen).includes('online'), SCREEN_MS);
    // The service's own answer, read after the screen showed one: the same item (none lasts under a minute).
    const name = await playingName(access);
    await dashboard.waitFor((screen) => nowPlayingOf(screen)?.name === name, SCREEN_MS);
    dashboard.sendKeys('q');
    expect((await dashboard.waitForExit()).status).toBe(0);
  });

  it.each([
    ['nobody listens there', ['--base-url', 'http://127.0.0.1:1/v1', '--token', 'some-token'], /^playdeck: cannot reach http:\/\/127\.0\.0\.1:1\/v1/],
    ['it is not a URL', ['--base-url', 'not a url', '--token', 'some-token'], /^playdeck: invalid base URL "not a url"/],
    // Random tokens start with a dash now and then: such a token is a token, not an unknown option.
    ['the token starts with a dash', ['--base-url', 'http://127.0.0.1:1/v1', '--token', '-some-token'], /^playdeck: cannot reach/],
  ])('a bad --base-url (%s) prints one line and exits non-zero', { timeout: 60_000 }, async (_why, args, message) => {
    sandbox = createSandbox();
    const dashboard = startDashboard(args, { sandbox });
    session = dashboard;
    const { status, rows } = await dashboard.waitForExit();
    expect(status).not.toBe(0);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(message);
  });
});
