import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Api } from '../../../src/api/api.js';
import { createApi, staticToken } from '../../../src/api/index.js';
import type { SimplifiedPlaylist } from '../../../src/api/types.js';
import { startService, type RunningService } from '../../../src/service/start.js';
import { PlaylistEditorPane } from '../../../src/ui/playlist-editor/PlaylistEditorPane.js';
import { UPDATED_FROM_ELSEWHERE, WATCH_INTERVAL_MS } from '../../../src/ui/playlist-editor/model/watch.js';
import { IDLE_SAVE_MS } from '../../../src/ui/playlist-editor/model/save-schedule.js';
import { myPlaylists } from '../../api/service-fixture.js';
import { createFakeApi } from '../../helpers/fake-api.js';
import { useFakeClock } from '../../helpers/fake-clock.js';
import { startFaultProxy, type FaultProxy } from '../../helpers/fault-proxy.js';
import { renderApp } from '../../helpers/render.js';
import { inDashboard, paneCallbacks, settle } from '../panes/pane-harness.js';
import { cursorRow, HEIGHT, rowNames, WIDTH } from './editor-harness.js';

/**
 * A playlist's items view takes in changes made elsewhere: the real embedded service behind the fault proxy
 * (which counts what is sent and how it is answered), the view's clock faked.
 */

let service: RunningService;
let proxy: FaultProxy;
/** Straight to the service: "someone else" changing the playlist. */
let direct: Api;
let playlists: SimplifiedPlaylist[];

beforeAll(async () => {
  service = await startService({ port: 0, db: ':memory:' });
  proxy = await startFaultProxy(service.baseUrl);
  direct = createApi({ baseUrl: service.baseUrl, tokens: staticToken(service.accessToken) });
  playlists = await myPlaylists(direct);
});

afterAll(async () => {
  await proxy?.close();
  await service?.close();
});

beforeEach(() => useFakeClock());

afterEach(() => {
  vi.useRealTimers();
  proxy.clear();
});

const PATIENCE = { timeout: 15_000 };
const isCheck = (url: string): boolean => url.endsWith('?fields=snapshot_id');

async function namesOf(playlistId: string): Promise<string[]> {
  const page = await direct.getPlaylistItems(playlistId, { offset: 0, limit: 100 });
  return page.items.map((item) => item.track?.name ?? '?');
}

/**
 * The items of playlist `index` open on the service, through the proxy, its first rows drawn. Got's own
 * timeouts run on the faked clock too: long ones, so that moving the clock on never times a request out.
 * `answers()` counts the snapshot checks the view has had answered.
 */
async function openOnService(index: number) {
  const playlist = (await myPlaylists(direct))[index]!;
  const names = await namesOf(playlist.id);
  const client = createApi({
    baseUrl: proxy.baseUrl,
    tokens: staticToken(service.accessToken),
    timeouts: { connectMs: 3_600_000, responseMs: 3_600_000, requestMs: 3_600_000 },
  });
  let answers = 0;
  const api: Api = {
    ...client,
    getPlaylistSnapshot: (...args) => client.getPlaylistSnapshot(...args).finally(() => answers++),
  };
  const callbacks = paneCallbacks();
  const app = renderApp(
    inDashboard(
      api,
      <PlaylistEditorPane playlist={playlist} isFocused width={WIDTH} height={HEIGHT} onBack={() => {}} {...callbacks} />,
    ),
  );
  await app.waitForFrame(names[0]!, PATIENCE);
  await vi.waitFor(() => expect(rowNames(app.frame())).toEqual(names.slice(0, rowNames(app.frame()).length)), PATIENCE);
  await settle();
  const from = proxy.requests.length;
  const statuses = (): (string | null)[] => callbacks.onStatus.mock.calls.map((call) => call[0]);
  return { app, playlist, names, statuses, answers: () => answers, sent: () => proxy.requests.slice(from) };
}

/** The rows drawn with the mark sign, by name. */
function markedNames(frame: string): string[] {
  return frame.split('\n').flatMap((line) => {
    const match = /^[│┃][› ] ▌ *\d+  (.+?)(?: {2,}|[│┃])/.exec(line);
    return match ? [match[1]!] : [];
  });
}

describe('a playlist on screen, changed elsewhere', () => {
  it('is merged within 15 s of the change, the cursor and the mark staying on their entries', async () => {
    const { app, playlist, names, statuses, sent } = await openOnService(0);
    await app.press('j', 'j', 'v', 'j');
    await app.waitForFrame((frame) => cursorRow(frame)?.name === names[3]);
    expect(markedNames(app.frame())).toEqual([names[2], names[3]]);
    // Elsewhere, as the view opened: the last entry goes to the top.
    const last = names.length - 1;
    await direct.reorderPlaylistItems(playlist.id, { rangeStart: last, insertBefore: 0, rangeLength: 1, snapshotId: '' });

    await vi.advanceTimersByTimeAsync(WATCH_INTERVAL_MS);
    const frame = await app.waitForFrame((current) => rowNames(current)[0] === names[last], PATIENCE);
    expect(rowNames(frame)).toEqual([names[last]!, ...names.slice(0, last)].slice(0, rowNames(frame).length));
    expect(cursorRow(frame)).toMatchObject({ name: names[3], position: 5, isMarked: true });
    expect(markedNames(frame)).toEqual([names[2], names[3]]);
    expect(statuses().at(-1)).toBe(UPDATED_FROM_ELSEWHERE);
    // The check, then the order read by identity; nothing written.
    const urls = sent().map((request) => request.url);
    const check = urls.findIndex(isCheck);
    expect(check).toBeGreaterThanOrEqual(0);
    expect(urls.slice(check + 1).some((url) => url.includes('added_at'))).toBe(true);
    expect(sent().filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('costs one conditional request every 15 s while nothing changes: a 304, nothing read, nothing drawn', async () => {
    const { app, answers, sent } = await openOnService(11);
    const frames = app.frameCount();
    const before = app.frame();
    for (let check = 1; check <= 3; check++) {
      await vi.advanceTimersByTimeAsync(WATCH_INTERVAL_MS);
      await vi.waitFor(() => expect(answers()).toBe(check), PATIENCE);
      // What the answer starts runs now, before the next check is armed.
      await settle();
    }
    expect(sent().map((request) => [isCheck(request.url), request.status])).toEqual([
      [true, 200],
      [true, 304],
      [true, 304],
    ]);
    expect(sent()[1]!.headers['if-none-match']).toBeTruthy();
    expect(app.frame()).toBe(before);
    expect(app.frameCount()).toBe(frames);
  });

  it('with moves unsaved, merges at once and keeps them for the save', async () => {
    const { app, playlist, names, statuses } = await openOnService(4);
    // The save is refused, so the move stays unsaved until w.
    proxy.inject({ kind: 'status', status: 403, body: '{"error":{"status":403,"message":"Forbidden"}}' }, { match: (method) => method === 'PUT' });
    await app.press('J');
    await vi.advanceTimersByTimeAsync(IDLE_SAVE_MS);
    await vi.waitFor(() => expect(statuses().at(-1)).toMatch(/^save failed: Forbidden/), PATIENCE);
    const last = names.length - 1;
    await direct.reorderPlaylistItems(playlist.id, { rangeStart: last, insertBefore: 0, rangeLength: 1, snapshotId: '' });

    await vi.advanceTimersByTimeAsync(WATCH_INTERVAL_MS - IDLE_SAVE_MS);
    const expected = [names[last]!, names[1]!, names[0]!, ...names.slice(2, last)];
    const frame = await app.waitForFrame((current) => rowNames(current)[0] === names[last], PATIENCE);
    expect(rowNames(frame)).toEqual(expected.slice(0, rowNames(frame).length));
    expect(cursorRow(frame)?.name).toBe(names[0]);
    expect(statuses().at(-1)).toBe('merged with a change made elsewhere');
    expect(await namesOf(playlist.id)).toEqual([names[last], ...names.slice(0, last)]);

    proxy.clear();
    await app.press('w');
    await vi.advanceTimersByTimeAsync(0);
    await vi.waitFor(() => expect(statuses().at(-1)).toBe('saved'), PATIENCE);
    expect(await namesOf(playlist.id)).toEqual(expected);
  });
});

describe('the playlist watch on screen and off', () => {
  it('checks only while the view is shown, and at once when it is back after the check fell due', async () => {
    const api = createFakeApi();
    const playlist = api.playlists()[0]!;
    const pane = (isShown: boolean) =>
      inDashboard(
        api,
        <PlaylistEditorPane playlist={playlist} isFocused={false} isShown={isShown} width={WIDTH} height={HEIGHT} onBack={() => {}} {...paneCallbacks()} />,
      );
    const app = renderApp(pane(false));
    await app.waitForFrame(playlist.name);
    await vi.advanceTimersByTimeAsync(4 * WATCH_INTERVAL_MS);
    expect(api.callsTo('getPlaylistSnapshot')).toHaveLength(0);
    app.rerender(pane(true));
    // (The fake API answers at once; vi.waitFor would move the fake clock on.)
    await vi.advanceTimersByTimeAsync(0);
    expect(api.callsTo('getPlaylistSnapshot')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(WATCH_INTERVAL_MS - 1);
    expect(api.callsTo('getPlaylistSnapshot')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.callsTo('getPlaylistSnapshot')).toHaveLength(2);
  });
});
