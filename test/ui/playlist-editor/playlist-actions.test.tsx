import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src/ui/app/App.js';
import { QUIT_PROMPT } from '../../../src/ui/playlist-editor/hooks/use-quit-prompt.js';
import { memoryRecentPlaylists } from '../../../src/ui/playlist-editor/recent-playlists.js';
import { createFakeApi, type FakeApi } from '../../helpers/fake-api.js';
import { useFakeClock } from '../../helpers/fake-clock.js';
import { renderApp, type RenderedApp } from '../../helpers/render.js';
import { cursorRow, elapse, namesOnService } from './editor-harness.js';

beforeEach(() => {
  useFakeClock();
});

afterEach(() => {
  vi.useRealTimers();
});

const statusLine = (app: RenderedApp): string => app.frame().split('\n').at(-1) ?? '';

/** The dashboard on the fake service, its playlists listed. */
async function dashboard(api: FakeApi = createFakeApi(), recent = memoryRecentPlaylists()) {
  const app = renderApp(<App api={api} recentPlaylists={recent} />);
  await app.waitForFrame(api.playlists()[0]!.description);
  return { app, api, recent };
}

/** Opens the playlist at `index` of the list (`2`, moves, Enter) and waits for its first entry. */
async function open(app: RenderedApp, api: FakeApi, index: number): Promise<string[]> {
  const names = await namesOnService(api, api.playlists()[index]!.id);
  await app.press('2', 'g', ...Array<string>(index).fill('j'), 'enter');
  await app.waitForFrame((frame) => cursorRow(frame)?.name === names[0]);
  return names;
}

/** Types `text` one key at a time. */
const type = (app: RenderedApp, text: string) => app.press(...text.split(''));

describe('A: adding to a playlist picked by name', () => {
  it('adds the row to the playlist whose name holds what was typed, at its end, and offers it first next time', async () => {
    const { app, api, recent } = await dashboard();
    const names = await open(app, api, 3);
    const target = api.playlists()[5]!;
    await app.press('A');
    await app.waitForFrame(`Add “${names[0]}” to a playlist`);
    await type(app, target.name.slice(0, 6).toLowerCase());
    await app.waitForFrame((frame) => frame.includes(`${target.name} ·`));
    await app.press('enter');
    await elapse(0);
    await vi.waitFor(() => expect(statusLine(app)).toContain(`added “${names[0]}” to ${target.name} · saved`));
    expect((await namesOnService(api, target.id)).at(-1)).toBe(names[0]);
    expect(recent.list()[0]).toEqual({ id: target.id, name: target.name });
    await app.press('A');
    await app.waitForFrame((frame) => /name: _/.test(frame) && frame.includes(`${target.name} · `) && frame.includes('recent'));
  });

  it('asks before adding what the playlist holds already; n adds nothing', async () => {
    const { app, api } = await dashboard();
    const names = await open(app, api, 3);
    const own = api.playlists()[3]!;
    await app.press('A');
    await type(app, own.name);
    await app.press('enter');
    await app.waitForFrame(`${own.name} already holds “${names[0]}”: add it again? y adds it`);
    await app.press('n');
    await app.waitForFrame('nothing added');
    expect(await namesOnService(api, own.id)).toEqual(names);
  });

  it('refuses a read-only playlist in the picker, saying why', async () => {
    const { app, api } = await dashboard();
    await open(app, api, 3);
    const readOnly = api.playlists()[13]!;
    await app.press('A');
    await type(app, readOnly.name);
    await app.waitForFrame((frame) => frame.includes('read-only') && frame.includes(readOnly.name));
    await app.press('enter');
    await app.waitForFrame(/read-only: only .+ and collaborators can change this playlist/);
    await app.press('escape');
    expect(api.callsTo('addPlaylistItems')).toHaveLength(0);
  });

  it('adds what plays from Now playing', async () => {
    const { app, api } = await dashboard();
    const playing = (await api.getPlaybackState())!.item!;
    const target = api.playlists()[4]!;
    await app.press('1', 'A');
    await app.waitForFrame(`Add “${playing.name}” to a playlist`);
    await type(app, target.name);
    await app.press('enter');
    await elapse(0);
    await vi.waitFor(() => expect(statusLine(app)).toContain(`to ${target.name} · saved`));
    expect((await namesOnService(api, target.id)).at(-1)).toBe(playing.name);
  });
});

describe('N and R', () => {
  it('N asks a name, then a description, creates the playlist and opens it; the list shows it first', async () => {
    const { app, api } = await dashboard();
    await app.press('2', 'N');
    await app.waitForFrame('new playlist, its name: _');
    await type(app, 'Road Trip');
    await app.press('enter');
    await app.waitForFrame('“Road Trip”, a description (optional): _');
    await type(app, 'for the car');
    await app.press('enter');
    await app.waitForFrame('Road Trip · 0 items');
    expect(api.playlists()[0]).toMatchObject({ name: 'Road Trip', description: 'for the car' });
    await app.press('escape');
    await app.waitForFrame((frame) => /Playlists · 15/.test(frame) && /› Road Trip/.test(frame));
  });

  it('Ctrl+U clears what was typed, in the name asked and in the picker of A', async () => {
    const { app, api } = await dashboard();
    await app.press('2', 'N');
    await type(app, 'Road');
    await app.waitForFrame('new playlist, its name: Road_');
    await app.press('ctrl-u');
    await app.waitForFrame('new playlist, its name: _');
    await app.press('escape');
    const names = await open(app, api, 3);
    await app.press('A');
    await type(app, 'zzz');
    await app.waitForFrame('no playlist is named like that');
    await app.press('ctrl-u');
    await app.waitForFrame((frame) => frame.includes(`Add “${names[0]}” to a playlist`) && /name: _/.test(frame) && frame.includes(`${api.playlists()[0]!.name} ·`));
  });

  it('R renames the playlist under the cursor, and refuses one the user does not own, saying who does', async () => {
    const { app, api } = await dashboard();
    const first = api.playlists()[0]!;
    await app.press('2', 'R');
    await app.waitForFrame(`rename “${first.name}” to: ${first.name}_`);
    await app.press(...Array<string>(first.name.length).fill('backspace'));
    await type(app, 'Renamed');
    await app.press('enter');
    await app.waitForFrame('renamed to “Renamed”');
    expect(api.playlists()[0]!.name).toBe('Renamed');
    await app.press('G', 'R');
    await app.waitForFrame(/can't rename: only .+, who owns this playlist, can change its name/);
  });
});

describe('quitting with a removal unsaved', () => {
  it('asks, and s saves it before quitting', async () => {
    const { app, api } = await dashboard();
    const names = await open(app, api, 3);
    await app.press('D', 'q');
    await app.waitForFrame(QUIT_PROMPT);
    await app.press('s');
    await elapse(0);
    await app.exited();
    expect(await namesOnService(api, api.playlists()[3]!.id)).toEqual(names.slice(1));
  });
});

describe('Ctrl+A in the search and the go to', () => {
  it('adds the track chosen in the search to a playlist picked by name, the search closed', async () => {
    const { app, api } = await dashboard();
    const track = api.catalog.tracks.find((candidate) => candidate.name.endsWith('Harbour'))!;
    const target = api.playlists()[5]!;
    await app.press('f');
    await type(app, track.name.toLowerCase());
    await elapse(300);
    await app.waitForFrame((frame) => frame.includes(`› ${track.name.slice(0, 10)}`));
    await app.press('ctrl-a');
    await app.waitForFrame(`Add “${track.name}” to a playlist`);
    await type(app, target.name.slice(0, 6).toLowerCase());
    await app.waitForFrame((frame) => frame.includes(`${target.name} ·`));
    await app.press('enter');
    await elapse(0);
    await vi.waitFor(() => expect(statusLine(app)).toContain(`added “${track.name}” to ${target.name} · saved`));
    expect((await namesOnService(api, target.id)).at(-1)).toBe(track.name);
  });

  it('refuses, saying what it adds, where the go to has chosen a section', async () => {
    const { app } = await dashboard();
    await app.press(':');
    await type(app, 'liked');
    await app.waitForFrame((frame) => frame.includes('› ') && frame.includes('Liked songs'));
    await app.press('ctrl-a');
    await vi.waitFor(() => expect(statusLine(app)).toContain('A adds a track or an episode'));
  });
});
