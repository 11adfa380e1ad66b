import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src/ui/app/App.js';
import { QUIT_PROMPT } from '../../../src/ui/playlist-editor/hooks/use-quit-prompt.js';
import { COUNT_JUMP_MS } from '../../../src/ui/keys/key-layers.js';
import { createFakeApi, type FakeApi } from '../../helpers/fake-api.js';
import { renderApp, type RenderedApp } from '../../helpers/render.js';
import { cursorRow, elapse, namesOnService, rowNames } from './editor-harness.js';
import { useFakeClock } from '../../helpers/fake-clock.js';

beforeEach(() => {
  useFakeClock();
});

afterEach(() => {
  vi.useRealTimers();
});

/** The dashboard with the first playlist's items open (`2`, Enter), and its names as the service has them. */
async function openFirstPlaylist(api: FakeApi = createFakeApi()) {
  const app = renderApp(<App api={api} />);
  const playlist = api.playlists()[0]!;
  await app.waitForFrame(playlist.description);
  const names = await namesOnService(api, playlist.id);
  await app.press('2', 'enter');
  await app.waitForFrame((frame) => cursorRow(frame)?.name === names[0]);
  return { app, api, playlist, names };
}

const statusLine = (app: RenderedApp): string => app.frame().split('\n').at(-1) ?? '';
const hasExited = async (app: RenderedApp): Promise<boolean> =>
  Promise.race([app.exited().then(() => true), new Promise<boolean>((resolve) => setImmediate(() => resolve(false)))]);

describe('Reordering in the dashboard', () => {
  it('2, Enter, J and w move the first item of the first playlist down one place on the service', async () => {
    const { app, api, playlist, names } = await openFirstPlaylist();
    await app.press('J', 'w');
    await elapse(0);
    await app.waitForFrame((frame) => statusLine(app).includes('saved') && rowNames(frame)[1] === names[0]);
    expect(await namesOnService(api, playlist.id)).toEqual([names[1], names[0], ...names.slice(2)]);
  });

  it('leaves digits to the items as counts; a lone one jumps once nothing follows it', async () => {
    const { app } = await openFirstPlaylist();
    await app.press('3', 'j');
    await app.waitForFrame((frame) => cursorRow(frame)?.position === 4);
    await elapse(COUNT_JUMP_MS);
    expect(app.frame()).not.toContain('[3 Saved shows]');
    await app.press('3');
    await app.waitForFrame('count 3');
    await elapse(COUNT_JUMP_MS);
    await app.waitForFrame('[3 Saved shows]');
  });

  it('Ctrl+R redoes a move and leaves repeat alone', async () => {
    const { app, api, names } = await openFirstPlaylist();
    await app.press('J', 'u', 'ctrl-r');
    await app.waitForFrame((frame) => rowNames(frame)[1] === names[0] && cursorRow(frame)?.position === 2);
    expect(api.callsTo('setRepeat')).toHaveLength(0);
  });

  it('quits at once with nothing unsaved', async () => {
    const { app } = await openFirstPlaylist();
    await app.press('q');
    await app.exited();
  });

  it('asks before quitting with unsaved moves: Esc stays, d discards', async () => {
    const { app, api, playlist, names } = await openFirstPlaylist();
    await app.press('J', 'q');
    await app.waitForFrame(QUIT_PROMPT);
    // The prompt has the keys: s and n are not shuffle and next here.
    await app.press('n');
    expect(api.callsTo('next')).toHaveLength(0);
    await app.press('escape');
    await app.waitForFrame((frame) => !frame.includes(QUIT_PROMPT));
    expect(await hasExited(app)).toBe(false);
    expect(rowNames(app.frame())[1]).toBe(names[0]);
    await app.press('q');
    await app.waitForFrame(QUIT_PROMPT);
    await app.press('d');
    await app.exited();
    expect(api.callsTo('reorderPlaylistItems')).toHaveLength(0);
    expect(await namesOnService(api, playlist.id)).toEqual(names);
  });

  it('s saves the moves, then quits once the service has them', async () => {
    const { app, api, playlist, names } = await openFirstPlaylist();
    await app.press('J', 'q');
    await app.waitForFrame(QUIT_PROMPT);
    api.failNext('unavailable', { method: 'reorderPlaylistItems', message: 'Service unavailable' });
    await app.press('s');
    await elapse(0);
    await app.waitForFrame('Save failed: Service unavailable — s try again');
    expect(await hasExited(app)).toBe(false);
    expect(api.callsTo('setShuffle')).toHaveLength(0);
    await app.press('s');
    await elapse(0);
    await app.exited();
    expect(await namesOnService(api, playlist.id)).toEqual([names[1], names[0], ...names.slice(2)]);
  });
});
