import { describe, expect, it, vi } from 'vitest';
import type { Api } from '../../../src/api/api.js';
import type { PlaylistItem } from '../../../src/api/types.js';
import { PAGE_SIZE } from '../../../src/ui/list/page-loader.js';
import { createEditStore, type EditStore } from '../../../src/ui/playlist-editor/edit-store.js';
import { createEdit, entryAt, missingPages, type EditAction } from '../../../src/ui/playlist-editor/model/edit.js';
import { entryIdentity } from '../../../src/ui/playlist-editor/model/entry-identity.js';
import { createPace } from '../../../src/ui/playlist-editor/model/save-pace.js';
import { saveEdit } from '../../../src/ui/playlist-editor/save-edit.js';
import { createFakeApi, type FakeApi } from '../../helpers/fake-api.js';
import { readable } from '../../helpers/readable.js';

/**
 * A save that meets a write made elsewhere (decisions §17): the order the editor reckons its own writes made
 * is taken as the service's only when the answer says nothing else happened in between; else it is read by
 * identity and merged, or (opaque ids, as the real service's) verified by reading what the screen shows.
 */

const HEIGHT = 10;
/** 23 entries: one page. */
const SMALL = 11;

async function openEdit(api: Api, index = SMALL): Promise<{ store: EditStore; playlistId: string }> {
  const playlist = readable((await api.getMyPlaylists({ offset: 0, limit: 50 })).items)[index]!;
  const store = createEditStore(createEdit(playlist.tracks.total, playlist.snapshot_id, PAGE_SIZE));
  await loadMissing(api, playlist.id, store);
  return { store, playlistId: playlist.id };
}

/** Loads every page the view's rows need, as the pane does. */
async function loadMissing(api: Api, playlistId: string, store: EditStore): Promise<void> {
  for (let offsets = missingPages(store.getState(), 0, 10_000); offsets.length > 0; offsets = missingPages(store.getState(), 0, 10_000)) {
    for (const offset of offsets) {
      const { items, total } = await api.getPlaylistItems(playlistId, { offset, limit: PAGE_SIZE });
      store.dispatch({ type: 'page', generation: store.getState().generation, offset, items, total });
    }
  }
}

async function identitiesOn(api: Api, playlistId: string): Promise<string[]> {
  const identities: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await api.getPlaylistItems(playlistId, { offset, limit: 100 });
    identities.push(...page.items.map(entryIdentity));
    if (offset + 100 >= page.total) return identities;
  }
}

const shown = (store: EditStore): string[] => {
  const state = store.getState();
  return Array.from(state.arrangement.order, (ref) => entryIdentity(entryAt(state, ref)!));
};

const cursorTo = (index: number): EditAction => ({ type: 'cursorTo', index, height: HEIGHT });
const moveDown = (count = 1): EditAction => ({ type: 'arrange', action: { type: 'moveDown', count }, height: HEIGHT });

function save(api: Api, edit: { store: EditStore; playlistId: string }, onMerged = vi.fn()) {
  return saveEdit({
    api, playlistId: edit.playlistId, store: edit.store, signal: new AbortController().signal, onStep: () => {}, onMerged,
    pace: { current: createPace() }, confirm: async () => true,
  });
}

/** `api` with `write` made elsewhere the moment `method` is first called, before it reaches the service. */
function writingFirst(api: FakeApi, method: 'reorderPlaylistItems' | 'removePlaylistItems' | 'addPlaylistItems', write: () => Promise<unknown>): Api {
  let isDone = false;
  const wrapped = async (...args: unknown[]) => {
    if (!isDone) {
      isDone = true;
      await write();
    }
    return (api[method] as (...a: unknown[]) => Promise<string>)(...args);
  };
  return { ...api, [method]: wrapped };
}

describe('a save alone', () => {
  it('takes its own order as the answer names it: one snapshot read and the move, nothing read back', async () => {
    const api = createFakeApi();
    const edit = await openEdit(api);
    const readsBefore = api.callsTo('getPlaylistItems').length;
    edit.store.dispatch(moveDown());
    await save(api, edit);
    expect(api.callsTo('getPlaylistSnapshot')).toHaveLength(1);
    expect(api.callsTo('reorderPlaylistItems')).toHaveLength(1);
    expect(api.callsTo('getPlaylistItems')).toHaveLength(readsBefore);
    expect(edit.store.getState().snapshotId).toBe((await api.getPlaylist(edit.playlistId)).snapshot_id);
    expect(shown(edit.store)).toEqual(await identitiesOn(api, edit.playlistId));
  });
});

describe('a save that meets a write made elsewhere between its check and its request', () => {
  it('on the embedded service: the answer names a version too far, the order is read and merged (an entry added at the top)', async () => {
    const api = createFakeApi();
    const edit = await openEdit(api);
    const top = `playdeck:track:${api.catalog.tracks[300]!.id}`;
    edit.store.dispatch(moveDown());
    const onMerged = vi.fn();
    await save(writingFirst(api, 'reorderPlaylistItems', () => api.addPlaylistItems(edit.playlistId, [top], 0)), edit, onMerged);
    expect(onMerged).toHaveBeenCalled();
    expect(edit.store.getState().isBaseStale).toBe(false);
    await loadMissing(api, edit.playlistId, edit.store);
    const service = await identitiesOn(api, edit.playlistId);
    expect(service[0]!.startsWith(`${top} `)).toBe(true);
    expect(shown(edit.store)).toEqual(service);
    expect(edit.store.getState().snapshotId).toBe((await api.getPlaylist(edit.playlistId)).snapshot_id);
  });

  it('on the embedded service: an entry removed elsewhere (j D in another dashboard) is gone from this view too, and the move stands', async () => {
    const api = createFakeApi();
    const edit = await openEdit(api);
    const before = await identitiesOn(api, edit.playlistId);
    const second = before[1]!.split(' ')[0]!;
    edit.store.dispatch(moveDown(3));
    const { snapshot_id: base } = await api.getPlaylist(edit.playlistId);
    await save(writingFirst(api, 'reorderPlaylistItems', () => api.removePlaylistItems(edit.playlistId, [second], base)), edit);
    await loadMissing(api, edit.playlistId, edit.store);
    const service = await identitiesOn(api, edit.playlistId);
    expect(service).toEqual([before[2], before[3], before[0], ...before.slice(4)]);
    expect(shown(edit.store)).toEqual(service);
  });

  it('as the real service (opaque ids): the save reads what the screen shows, finds the change and merges it', async () => {
    const api = createFakeApi({ asRealService: true });
    const edit = await openEdit(api);
    const top = `playdeck:track:${api.catalog.tracks[300]!.id}`;
    edit.store.dispatch(moveDown());
    const onMerged = vi.fn();
    await save(writingFirst(api, 'reorderPlaylistItems', () => api.addPlaylistItems(edit.playlistId, [top], 0)), edit, onMerged);
    expect(onMerged).toHaveBeenCalled();
    expect(edit.store.getState()).toMatchObject({ isBaseStale: false, isBaseUnsure: false });
    await loadMissing(api, edit.playlistId, edit.store);
    expect(shown(edit.store)).toEqual(await identitiesOn(api, edit.playlistId));
  });

  it('as the real service, alone: one read of the page the screen shows verifies it, and the answer names the order', async () => {
    const api = createFakeApi({ asRealService: true });
    const edit = await openEdit(api);
    const readsBefore = api.callsTo('getPlaylistItems').length;
    edit.store.dispatch(moveDown());
    const onMerged = vi.fn();
    await save(api, edit, onMerged);
    expect(onMerged).not.toHaveBeenCalled();
    expect(api.callsTo('getPlaylistItems')).toHaveLength(readsBefore + 1);
    expect(edit.store.getState()).toMatchObject({ isBaseUnsure: false, snapshotId: (await api.getPlaylist(edit.playlistId)).snapshot_id });
    expect(shown(edit.store)).toEqual(await identitiesOn(api, edit.playlistId));
  });
});

describe('a save of several writes', () => {
  it('checks the snapshot before an addition that is not its first request, and plans again on a change found', async () => {
    const api = createFakeApi();
    const edit = await openEdit(api);
    const before = await identitiesOn(api, edit.playlistId);
    const added = `playdeck:track:${api.catalog.tracks[301]!.id}`;
    const elsewhere = `playdeck:track:${api.catalog.tracks[302]!.id}`;
    edit.store.dispatch({ type: 'remove', rows: [2], height: HEIGHT });
    edit.store.dispatch(cursorTo(0));
    edit.store.dispatch({ type: 'insert', at: 0, items: [{ added_at: '2026-01-01T00:00:00Z', added_by: null, is_local: false, track: api.catalog.byUri.get(added) as PlaylistItem['track'] }], follow: true, height: HEIGHT });
    // Right after the removal lands, someone adds an entry at the top: the addition's position would be off by one.
    let isDone = false;
    const racing: Api = {
      ...api,
      removePlaylistItems: async (...args) => {
        const answer = await api.removePlaylistItems(...args);
        if (!isDone) {
          isDone = true;
          await api.addPlaylistItems(edit.playlistId, [elsewhere], 0);
        }
        return answer;
      },
    };
    await save(racing, edit);
    const methods = api.calls.map((call) => call.method).filter((method) => method !== 'getPlaylistItems');
    const removal = methods.indexOf('removePlaylistItems');
    expect(methods.slice(removal + 1, removal + 3)).toEqual(['addPlaylistItems', 'getPlaylistSnapshot']);
    await loadMissing(api, edit.playlistId, edit.store);
    const service = await identitiesOn(api, edit.playlistId);
    const uris = service.map((identity) => identity.split(' ')[0]);
    expect(uris.slice(0, 2).sort()).toEqual([added, elsewhere].sort());
    expect(uris.slice(2)).toEqual([...before.slice(0, 2), ...before.slice(3)].map((identity) => identity.split(' ')[0]));
    expect(shown(edit.store)).toEqual(service);
  });
});

describe('a long removal on the real service, which removes every copy whatever snapshot it names', () => {
  it('checks the snapshot before its second request: a copy added elsewhere meanwhile is kept (removed and added back), not lost', async () => {
    const api = createFakeApi({ asRealService: true });
    const made = await api.createPlaylist({ name: 'Long removal' });
    const uris = api.catalog.tracks.slice(0, 150).map((track) => `playdeck:track:${track.id}`);
    await api.addPlaylistItems(made.id, uris.slice(0, 100), null);
    await api.addPlaylistItems(made.id, uris.slice(100), null);
    const playlist = api.playlists().find((candidate) => candidate.id === made.id)!;
    const store = createEditStore(createEdit(playlist.tracks.total, playlist.snapshot_id, PAGE_SIZE));
    const edit = { store, playlistId: made.id };
    await loadMissing(api, made.id, store);
    // D on the first 120 rows: two removal requests of at most 100 URIs.
    store.dispatch({ type: 'remove', rows: Array.from({ length: 120 }, (_, row) => row), height: HEIGHT });
    const copied = uris[110]!;
    let removals = 0;
    const racing: Api = {
      ...api,
      removePlaylistItems: async (...args) => {
        const answer = await api.removePlaylistItems(...args);
        // Right after the first lands, someone adds a copy of an item the second will remove.
        if (++removals === 1) await api.addPlaylistItems(made.id, [copied], 0);
        return answer;
      },
    };
    await save(racing, edit);
    await loadMissing(api, made.id, store);
    const service = (await identitiesOn(api, made.id)).map((identity) => identity.split(' ')[0]);
    expect(service).toEqual([copied, ...uris.slice(120)]);
    expect(shown(store)).toEqual(await identitiesOn(api, made.id));
  });
});
