/**
 * Issue 29, the safe playlist editor, from outside: the dashboard in tmux against `serve` (behind a fault
 * proxy that records every request and its answer), the service read with fetch. Removing and bringing back,
 * adding to a playlist picked by name, creating one, removing duplicates, `playdeck add`, and a removal killed
 * before its save.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  cellPrefixOf, createSandbox, escapeRegExp, itemRowsOf, nowPlayingOf, openPlaylist, startDashboard, statusMessageOf, type Dashboard, type Sandbox,
} from '../helpers/e2e-dashboard.js';
import { serveBehindProxy } from '../helpers/e2e-served.js';
import { addByApi, listPlaylists, playingItem, playlistEntries, type Entry } from '../helpers/e2e-service.js';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const SCREEN_MS = 20_000;
const SIGKILL_STATUS = 128 + 9;

const served = serveBehindProxy(12);
const { sessions, sandboxes } = served;
/** Another service, as a rate-limited one answers: 60 requests per token in 30 s. */
const limited = serveBehindProxy(12, ['--rate-limit', '60']);

function dashboardIn(sandbox: Sandbox): Dashboard {
  const dashboard = startDashboard(['--base-url', served.proxy.baseUrl, '--token', served.service.token], { sandbox });
  sessions.push(dashboard);
  return dashboard;
}

/** A fresh dashboard with the playlist `index` named when the file started open (a playlist made since moves it down). */
async function openOn(index: number) {
  const playlist = served.playlists[index]!;
  const before = await playlistEntries(served.service, playlist.id);
  const sandbox = createSandbox();
  sandboxes.push(sandbox);
  const dashboard = dashboardIn(sandbox);
  const now = (await listPlaylists(served.service, 20)).findIndex((listed) => listed.id === playlist.id);
  await openPlaylist(dashboard, now, playlist.name, before[0]!.name);
  return { playlist, before, sandbox, dashboard };
}

const says = (pattern: RegExp) => (screen: string): boolean => pattern.test(statusMessageOf(screen));
const uris = (entries: readonly { uri: string }[]): string[] => entries.map((entry) => entry.uri);
const isDelete = (method: string, url: string): boolean => method === 'DELETE' && url.includes('/playlists/');

/** `playdeck ARGS` against the proxied service, in the sandbox (so it finds the sandbox's dashboard). */
function playdeck(sandbox: Sandbox, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, ...sandbox.env, CI: undefined, NO_COLOR: undefined };
  const all = [CLI, ...args, '--base-url', served.proxy.baseUrl, '--token', served.service.token];
  return new Promise((resolve) => {
    execFile(process.execPath, all, { env, cwd: sandbox.dir }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }));
  });
}

describe('the playlist editor in a terminal', () => {
  it('D then w removes the row on the service; u then w brings it back in place, dated anew', { timeout: 90_000 }, async () => {
    const { playlist, before, dashboard } = await openOn(1);
    dashboard.sendKeys('j', 'D');
    await dashboard.waitFor((screen) => itemRowsOf(screen, 2)[1]!.startsWith(cellPrefixOf(before[2]!.name)), SCREEN_MS);
    dashboard.sendKeys('w');
    await dashboard.waitFor(says(/^saved\b/), SCREEN_MS);
    // Read as soon as the screen says so: the service has it already.
    expect(uris(await playlistEntries(served.service, playlist.id))).toEqual(uris([before[0]!, ...before.slice(2)]));
    dashboard.sendKeys('u');
    await dashboard.waitFor(says(/^undid removing 1 item: added back at its place, its date becomes today/), SCREEN_MS);
    dashboard.sendKeys('w');
    await dashboard.waitFor(says(/^saved\b/), SCREEN_MS);
    const after = await playlistEntries(served.service, playlist.id);
    expect(uris(after)).toEqual(uris(before));
    expect(after[1]!.addedAt).not.toBe(before[1]!.addedAt);
  });

  it('A adds the row to a playlist picked by typing part of its name', { timeout: 90_000 }, async () => {
    const { before, dashboard } = await openOn(3);
    const target = served.playlists[4]!;
    const held = await playlistEntries(served.service, target.id);
    dashboard.sendKeys('A');
    await dashboard.waitFor('to a playlist', SCREEN_MS);
    dashboard.type(target.name.toLowerCase());
    await dashboard.waitFor(new RegExp(`┃ ${escapeRegExp(target.name)} ·`), SCREEN_MS);
    dashboard.sendKeys('Enter');
    await dashboard.waitFor(says(new RegExp(`^added “${escapeRegExp(before[0]!.name)}” to ${escapeRegExp(target.name)} · saved`)), SCREEN_MS);
    expect(uris(await playlistEntries(served.service, target.id))).toEqual([...uris(held), before[0]!.uri]);
  });

  it('N creates a playlist, its name then a description, and opens it', { timeout: 90_000 }, async () => {
    const sandbox = createSandbox();
    sandboxes.push(sandbox);
    const dashboard = dashboardIn(sandbox);
    dashboard.sendKeys('2');
    await dashboard.waitFor(/› /, SCREEN_MS);
    dashboard.sendKeys('N');
    await dashboard.waitFor(says(/^new playlist, its name: _/), SCREEN_MS);
    dashboard.type('Made in tmux');
    dashboard.sendKeys('Enter');
    await dashboard.waitFor(says(/^“Made in tmux”, a description/), SCREEN_MS);
    dashboard.type('for the e2e test');
    dashboard.sendKeys('Enter');
    await dashboard.waitFor('Made in tmux · 0 items', SCREEN_MS);
    expect((await listPlaylists(served.service, 1))[0]).toMatchObject({ name: 'Made in tmux', total: 0 });
  });

  it('playdeck add --to NAME adds what plays, through the running dashboard', { timeout: 90_000 }, async () => {
    const sandbox = createSandbox();
    sandboxes.push(sandbox);
    const dashboard = dashboardIn(sandbox);
    await dashboard.waitFor((screen) => nowPlayingOf(screen) !== null, SCREEN_MS);
    const playing = (await playingItem(served.service))!;
    const target = served.playlists[5]!;
    const held = await playlistEntries(served.service, target.id);
    const { code, stdout, stderr } = await playdeck(sandbox, 'add', '--to', target.name.slice(0, 9).toUpperCase());
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(`added “${playing.name}” to ${target.name}\n`);
    expect(uris(await playlistEntries(served.service, target.id))).toEqual([...uris(held), playing.uri]);
    // The dashboard remembers it: without --to, the same playlist, which holds it now.
    const again = await playdeck(sandbox, 'add');
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`playdeck add: ${target.name} holds “${playing.name}” already: not added again\n`);
  });

  it('a removal killed before its save is offered at the next start, and s saves it once', { timeout: 90_000 }, async () => {
    const { playlist, before, sandbox, dashboard } = await openOn(6);
    const pid = dashboard.programPid();
    // Saves refused, in case one comes before the kill.
    served.proxy.inject({ kind: 'status', status: 500, body: '{"error":{"status":500,"message":"injected"}}' }, { match: isDelete });
    dashboard.sendKeys('D');
    await dashboard.waitFor((screen) => itemRowsOf(screen, 1)[0]!.startsWith(cellPrefixOf(before[1]!.name)), SCREEN_MS);
    process.kill(pid, 'SIGKILL');
    expect((await dashboard.waitForExit()).status).toBe(SIGKILL_STATUS);
    expect(uris(await playlistEntries(served.service, playlist.id))).toEqual(uris(before));
    const journalDir = join(sandbox.env.XDG_STATE_HOME!, 'playdeck', 'journal');
    const [file] = readdirSync(journalDir).filter((name) => name.endsWith('.journal.json'));
    expect(JSON.parse(readFileSync(join(journalDir, file!), 'utf8'))).toMatchObject({ version: 2, change_count: 1 });

    served.proxy.clear();
    const deletesBefore = served.proxy.count(isDelete);
    const again = dashboardIn(sandbox);
    await again.waitFor(says(new RegExp(`^1 unsaved change in ${escapeRegExp(playlist.name)} from \\d\\d:\\d\\d — s save, d discard, Esc later`)), SCREEN_MS);
    again.sendKeys('s');
    await again.waitFor(says(/^saved\b/), SCREEN_MS);
    expect(uris(await playlistEntries(served.service, playlist.id))).toEqual(uris(before.slice(1)));
    expect(served.proxy.count(isDelete) - deletesBefore).toBe(1);
    expect(readdirSync(journalDir).filter((name) => name.endsWith('.journal.json'))).toEqual([]);
  });
});

describe('removing duplicates on a rate-limited service', () => {
  it('o u leaves each item once, the first of each in its place, without drawing a 429', { timeout: 120_000 }, async () => {
    const playlist = limited.playlists[7]!;
    const start = await playlistEntries(limited.service, playlist.id);
    // Copies of five items, some together, some apart.
    await addByApi(limited.service, playlist.id, [start[0]!.uri, start[1]!.uri], 3);
    await addByApi(limited.service, playlist.id, [start[2]!.uri, start[0]!.uri, start[4]!.uri]);
    await addByApi(limited.service, playlist.id, [start[5]!.uri], 1);
    const before = await playlistEntries(limited.service, playlist.id);
    // Copies of one item as the service stores it (a track relinked for the market shows another's URI).
    const firstOf = (entry: Entry, index: number): boolean => before.findIndex((other) => other.itemUri === entry.itemUri) === index;
    const firsts = before.filter(firstOf);
    const duplicated = new Set(before.filter((entry, index) => !firstOf(entry, index)).map((entry) => entry.itemUri));
    const found = `${before.length - firsts.length} duplicates of ${duplicated.size} items`;
    const sandbox = createSandbox();
    limited.sandboxes.push(sandbox);
    const requestsBefore = limited.proxy.requests.length;
    const dashboard = startDashboard(['--base-url', limited.proxy.baseUrl, '--token', limited.service.token], { sandbox });
    limited.sessions.push(dashboard);
    await openPlaylist(dashboard, 7, playlist.name, before[0]!.name);
    dashboard.sendKeys('o', 'u');
    await dashboard.waitFor(says(new RegExp(`^remove ${found}\\? y removes, n keeps · \\d+ requests`)), SCREEN_MS);
    dashboard.sendKeys('y');
    await dashboard.waitFor(says(new RegExp(`^removed ${found} · unsaved`)), SCREEN_MS);
    dashboard.sendKeys('w');
    await dashboard.waitFor(says(/^saved\b/), 60_000);
    const after = await playlistEntries(limited.service, playlist.id);
    expect(after.map((entry) => entry.itemUri)).toEqual(firsts.map((entry) => entry.itemUri));
    expect(limited.proxy.requests.slice(requestsBefore).filter((request) => request.status === 429)).toEqual([]);
  });
});
