import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../../../src/api/api.js';
import { createApi, staticToken } from '../../../src/api/index.js';
import { startService, type RunningService } from '../../../src/service/start.js';
import { App } from '../../../src/ui/app/App.js';
import { entryIds, myPlaylists } from '../../api/service-fixture.js';
import { startFaultProxy, type FaultProxy } from '../../helpers/fault-proxy.js';
import { renderApp, type RenderedApp } from '../../helpers/render.js';

/**
 * Reordering from the keyboard to the real embedded service and back: the keys of the issue, the order the
 * service ends up with, and the service's own answers (500s, a change made through the API meanwhile).
 */

let service: RunningService;
let proxy: FaultProxy;
/** Straight to the service: what the service has, and "someone else" changing the playlist. */
let direct: Api;

beforeAll(async () => {
  service = await startService({ port: 0, db: ':memory:' });
  proxy = await startFaultProxy(service.baseUrl);
  direct = createApi({ baseUrl: service.baseUrl, tokens: staticToken(service.accessToken) });
});

afterAll(async () => {
  await proxy?.close();
  await service?.close();
});

afterEach(() => proxy.clear());

/** Waiting on a real service, on a machine that may be busy. */
const PATIENCE = { timeout: 15_000 };
const SAVED = /(?<!un)saved/;

function statusLine(app: RenderedApp): string {
  return app.frame().split('\n').at(-1) ?? '';
}

/** The dashboard through the fault proxy, the first playlist's items open with `2`, Enter. */
async function openFirstPlaylist() {
  const api = createApi({
    baseUrl: proxy.baseUrl,
    tokens: staticToken(service.accessToken),
    retry: { limit: 1, backoffBaseMs: 10, backoffLimitMs: 10 },
  });
  const [playlist] = await myPlaylists(direct);
  const before = await entryIds(direct, playlist!.id);
  const app = renderApp(<App api={api} />);
  await app.waitForFrame(playlist!.name, PATIENCE);
  await app.press('2', 'enter');
  await app.waitForFrame(/› ▌? +1  /, PATIENCE);
  return { app, playlistId: playlist!.id, before };
}

async function waitForStatus(app: RenderedApp, pattern: RegExp): Promise<void> {
  await app.waitForFrame(() => pattern.test(statusLine(app)), PATIENCE);
}

const swapFirstTwo = <T,>(list: readonly T[]): T[] => [list[1]!, list[0]!, ...list.slice(2)];

describe('reordering against the real service', () => {
  it('2, Enter, J and w move the first item down one place; u and w bring the old order back', async () => {
    const { app, playlistId, before } = await openFirstPlaylist();
    await app.press('J', 'w');
    await waitForStatus(app, SAVED);
    expect(await entryIds(direct, playlistId)).toEqual(swapFirstTwo(before));
    // The undo and its save may show for a moment only: every frame since the keys is looked at.
    const sinceKeys = app.frameCount();
    await app.press('u', 'w');
    await app.waitForFrame((frame) => /undid|saving/.test(frame.split('\n').at(-1) ?? ''), { ...PATIENCE, since: sinceKeys });
    await waitForStatus(app, SAVED);
    expect(await entryIds(direct, playlistId)).toEqual(before);
  });

  it('saves by itself after a short pause', async () => {
    const { app, playlistId, before } = await openFirstPlaylist();
    await app.press('J');
    await waitForStatus(app, /unsaved/);
    await waitForStatus(app, SAVED);
    expect(await entryIds(direct, playlistId)).toEqual(swapFirstTwo(before));
  });

  it('a move made while the service answers 500 reaches it after recovery', async () => {
    const { app, playlistId, before } = await openFirstPlaylist();
    proxy.inject({ kind: 'status', status: 500, body: '{"error":{"status":500,"message":"Server error"}}' }, {
      match: (method) => method === 'PUT',
    });
    await app.press('J', 'w');
    // The connection's own message shares the line and may cut ours after "retrying".
    await waitForStatus(app, /save failed: Server error — retrying/);
    expect(await entryIds(direct, playlistId)).toEqual(before);
    proxy.clear();
    await waitForStatus(app, SAVED);
    expect(await entryIds(direct, playlistId)).toEqual(swapFirstTwo(before));
  });

  it('keeps a change made through the API meanwhile and lands ours on the same entries', async () => {
    const { app, playlistId, before } = await openFirstPlaylist();
    await app.press('J');
    const last = before.length - 1;
    await direct.reorderPlaylistItems(playlistId, { rangeStart: last, insertBefore: 0, rangeLength: 1, snapshotId: '' });
    await app.press('w');
    await waitForStatus(app, /saved · merged with a change made elsewhere/);
    expect(await entryIds(direct, playlistId)).toEqual([before[last], before[1], before[0], ...before.slice(2, last)]);
  });
});
