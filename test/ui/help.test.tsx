import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/ui/app/App.js';
import { helpPlaceOf, INITIAL_FOCUS, type FocusState } from '../../src/ui/app/focus.js';
import { ACTION_NAMES } from '../../src/keys/actions.js';
import { DEFAULT_BINDINGS, keysLabel } from '../../src/keys/bindings.js';
import { helpGroups, type HelpRow } from '../../src/ui/keys/help-rows.js';
import type { Show } from '../../src/api/types.js';
import { playlistItems } from '../../src/ui/sections/playlists.js';
import { episodes } from '../../src/ui/sections/shows.js';
import { FOCUS_ORDER } from '../../src/keys/sections.js';
import { drilled } from '../../src/ui/sections/types.js';
import { createFakeApi } from '../helpers/fake-api.js';
import { renderApp, type RenderedApp } from '../helpers/render.js';

/** The help's rows as it opens at start (in Playlists), headings aside. */
const helpRows = (focus: FocusState = INITIAL_FOCUS): HelpRow[] => helpGroups(DEFAULT_BINDINGS, helpPlaceOf(focus)).flatMap((group) => group.rows);

/** The table rows on screen, as "key | action | where". */
function tableRows(frame: string): string[] {
  return frame
    .split('\n')
    .filter((line) => /^┃\s*│.*│.*│.*│\s*┃$/.test(line))
    .map((line) => line.replace(/^[┃\s]*│|│[\s┃]*$/g, '').split('│').map((cell) => cell.trim()).join(' | '));
}

/** Every row of the help, scrolling to its end. */
async function readAllRows(app: RenderedApp): Promise<string[]> {
  const seen = new Set<string>();
  for (let page = 0; page < 20; page++) {
    const before = seen.size;
    for (const row of tableRows(app.frame())) seen.add(row);
    if (page > 0 && seen.size === before) break;
    await app.press('pagedown');
  }
  return [...seen];
}

/** The dashboard, the keys pressed first (`6`: Liked songs), then `?`. */
async function openHelp(columns = 120, rows = 40, ...first: string[]): Promise<RenderedApp> {
  const api = createFakeApi();
  const app = renderApp(<App api={api} />, { columns, rows });
  await app.waitForFrame(api.playlists()[0]!.description);
  if (first.length > 0) await app.press(...first);
  await app.press('?');
  await app.waitForFrame('Help · every key');
  return app;
}

describe('help', () => {
  it('lists every action of the table', () => {
    const keys = helpRows().map((row) => row.Key);
    expect(keys).toEqual(expect.arrayContaining(ACTION_NAMES.map((action) => keysLabel(action, DEFAULT_BINDINGS))));
    expect(new Set(helpRows().map((row) => row.Action)).size).toBe(helpRows().length);
  });

  it.each([
    [120, 40],
    [80, 24],
  ])('shows them all at %i×%i, quit included, scrolling where they do not fit', async (columns, rows) => {
    const app = await openHelp(columns, rows);
    expect(tableRows(app.frame())[0]).toBe('Key | Action | Where');
    const shown = await readAllRows(app);
    expect(shown.some((row) => /^q, Ctrl\+C \| quit \(asks/.test(row))).toBe(true);
    for (const { Key, Where } of helpRows()) {
      expect(shown.some((row) => row.startsWith(`${Key} |`) && row.endsWith(`| ${Where}`))).toBe(true);
    }
    expect(Math.max(...app.frame().split('\n').map((line) => stringWidth(line)))).toBeLessThanOrEqual(columns);
  });

  it('closes with Esc or ?, and holds the focus still while open', async () => {
    const app = await openHelp();
    await app.press('tab', '3');
    await app.press('escape');
    await app.waitForFrame((frame) => !frame.includes('every key') && frame.includes('[2 Playlists]'));
    await app.press('?');
    await app.waitForFrame('Help · every key');
    await app.press('?');
    await app.waitForFrame((frame) => !frame.includes('every key'));
  });

  it("in a playlist's items, shows its own keys on the first screen: K, J, v, D, u", async () => {
    const app = await openHelp(80, 24, '2', 'enter');
    const frame = app.frame();
    expect(frame).toContain("In a playlist's items");
    const keys = tableRows(frame).map((row) => row.split(' | ')[0]);
    for (const key of ['K, Shift+↑', 'J, Shift+↓', 'v', 'D, Delete', 'u']) expect(keys).toContain(key);
  });

  it('in Liked songs, shows l and Enter first, under a heading naming it; the keys of everywhere after', async () => {
    const app = await openHelp(80, 24, '6');
    const frame = app.frame();
    const [, first, second] = tableRows(frame);
    expect(first).toMatch(/^l \| like or unlike/);
    expect(second).toMatch(/^Enter \| open/);
    expect(frame.indexOf('In Liked songs')).toBeLessThan(frame.indexOf('│ l '));
    const rows = helpRows({ ...INITIAL_FOCUS, focus: 'likedSongs', libraryTab: 'likedSongs' });
    expect(rows.findIndex((row) => row.name === 'quit')).toBeGreaterThan(rows.findIndex((row) => row.name === 'renamePlaylist'));
  });

  it('filters its rows with / by key, words or config name; Esc clears the filter, then closes', async () => {
    const app = await openHelp();
    await app.press('/');
    await app.type('moveToB');
    const filtered = await app.waitForFrame((frame) => tableRows(frame).length === 2);
    expect(tableRows(filtered)[1]).toMatch(/^T?B \| move the item \(or the marked range\) to the bottom/);
    expect(filtered).toContain('1 of');
    await app.press('enter', 'escape');
    await app.waitForFrame((frame) => tableRows(frame).length > 10 && frame.includes('Help · every key'));
    await app.press('/');
    await app.type('ctrl+r');
    await app.waitForFrame((frame) => tableRows(frame).some((row) => row.startsWith('Ctrl+R | redo')));
    await app.press('escape');
    await app.waitForFrame((frame) => tableRows(frame).some((row) => row.startsWith('q, Ctrl+C |')));
    await app.press('escape');
    await app.waitForFrame((frame) => !frame.includes('every key'));
  });

  it('keeps every key of a filter typed faster than the screen', async () => {
    const app = await openHelp();
    await app.press('/');
    await app.burst('redo');
    const filtered = await app.waitForFrame((frame) => tableRows(frame).some((row) => row.startsWith('Ctrl+R | redo')));
    expect(filtered).toContain('/ redo');
  });

  it('lists every action once, and the count once, wherever it opens', () => {
    const playlist = createFakeApi().playlists()[0]!;
    const inItems: FocusState = { ...INITIAL_FOCUS, drills: { playlists: [drilled(playlistItems, playlist)] } };
    const everywhere = FOCUS_ORDER.map((id): FocusState => ({ ...INITIAL_FOCUS, focus: id }));
    for (const focus of [inItems, ...everywhere]) {
      const names = helpRows(focus).map((row) => row.name);
      expect([...names].sort(), helpPlaceOf(focus).title).toEqual([...ACTION_NAMES, null].sort());
    }
    expect(helpPlaceOf(inItems).title).toBe("a playlist's items");
    const inEpisodes: FocusState = { ...INITIAL_FOCUS, focus: 'shows', libraryTab: 'shows', drills: { shows: [drilled(episodes, { id: 's1' } as Show)] } };
    expect(helpPlaceOf(inEpisodes)).toEqual({ title: 'Saved shows › episodes', place: 'lists', idle: ['like'] });
    // Playlists cannot be liked: `l` stays with the keys of everywhere.
    expect(helpGroups(DEFAULT_BINDINGS, helpPlaceOf(INITIAL_FOCUS))[0]!.rows.map((row) => row.name)).not.toContain('like');
  });
});
