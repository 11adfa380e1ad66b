import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Api } from '../../../src/api/api.js';
import { openJournals } from '../../../src/cli/journals.js';
import { journalFileName } from '../../../src/journal/paths.js';
import { PAGE_SIZE } from '../../../src/ui/list/page-loader.js';
import { IDENTITIES_WRITE_MS, JournalRecorder } from '../../../src/ui/playlist-editor/journal-recorder.js';
import { createEditStore, type EditStore } from '../../../src/ui/playlist-editor/edit-store.js';
import { restoreJournal } from '../../../src/ui/playlist-editor/restore-journal.js';
import { saveEdit as saveOrder } from '../../../src/ui/playlist-editor/save-edit.js';
import { entryIdentity, stubItem } from '../../../src/ui/playlist-editor/model/entry-identity.js';
import { createEdit, entryAt, type EditAction } from '../../../src/ui/playlist-editor/model/edit.js';
import { parseJournal } from '../../../src/ui/playlist-editor/model/journal-format.js';
import type { Journal } from '../../../src/ui/playlist-editor/model/journal.js';
import { createPace } from '../../../src/ui/playlist-editor/model/save-pace.js';
import { planMoves, type RangeMove } from '../../../src/ui/playlist-editor/model/save-plan.js';
import { UnsavedJournals, type JournalFiles } from '../../../src/ui/playlist-editor/model/unsaved-journals.js';
import { createFakeApi, type FakeApi } from '../../helpers/fake-api.js';
import { readable } from '../../helpers/readable.js';

const SERVICE = 'http://127.0.0.1:4000/v1';
const HEIGHT = 10;
/** 23 entries: one page. */
const SMALL = 11;
/** 10,000 entries. */
const BIG = 1;

/** The journal's text from the pieces it is written in. */
const textOf = (chunks: readonly (string | Uint8Array)[]): string =>
  chunks.map((chunk) => (typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))).join('');

/** Journal files in memory, every write and removal recorded in order. */
function memoryFiles() {
  const disk = new Map<string, string>();
  const log: (string | null)[] = [];
  const files: JournalFiles = {
    write: (playlistId, chunks) => {
      const text = textOf(chunks);
      disk.set(playlistId, text);
      log.push(text);
    },
    remove: (playlistId) => {
      disk.delete(playlistId);
      log.push(null);
    },
    removeLeftOver: () => {},
  };
  return { disk, log, files };
}

interface Edit {
  store: EditStore;
  recorder: JournalRecorder;
  playlistId: string;
}

/** The playlist at `index` open for reordering, journaled into `journals`, its first `pages` pages loaded. */
async function openEdit(api: Api, index: number, journals: UnsavedJournals, pages = Infinity, pageSize = PAGE_SIZE): Promise<Edit> {
  const playlist = readable((await api.getMyPlaylists({ offset: 0, limit: 50 })).items)[index]!;
  const initial = createEdit(playlist.tracks.total, playlist.snapshot_id, pageSize);
  const recorder = new JournalRecorder({ journals, playlistId: playlist.id, playlistName: playlist.name, initial, resumed: null, onError: (m) => { throw new Error(m); } });
  const store = createEditStore(initial, recorder.observe);
  journals.track(recorder);
  for (let offset = 0, page = 0; offset < playlist.tracks.total && page < pages; offset += pageSize, page++) {
    const { items, total } = await api.getPlaylistItems(playlist.id, { offset, limit: pageSize });
    store.dispatch({ type: 'page', generation: store.getState().generation, offset, items, total });
  }
  return { store, recorder, playlistId: playlist.id };
}

const cursorTo = (index: number): EditAction => ({ type: 'cursorTo', index, height: HEIGHT });
const press = (type: 'moveUp' | 'moveDown' | 'toggleMark' | 'undo', count?: number): EditAction =>
  ({ type: 'arrange', action: type === 'toggleMark' ? { type } : { type, count }, height: HEIGHT });

/** A range moved far down, one entry moved far up, one moved a little: several requests to save. */
function makeMoves(store: EditStore): void {
  for (const action of [cursorTo(2), press('toggleMark'), cursorTo(4), press('moveDown', 9), press('toggleMark'), cursorTo(20), press('moveUp', 15), cursorTo(9), press('moveDown', 3)]) {
    store.dispatch(action);
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

/** The order the edit shows, as identities (every entry of it loaded, or read from the service's base). */
function shownOrder(store: EditStore, base: readonly string[]): string[] {
  return Array.from(store.getState().arrangement.order, (position) => base[position]!);
}

function save(api: Api, edit: Edit): Promise<void> {
  return saveOrder({
    api, playlistId: edit.playlistId, store: edit.store, signal: new AbortController().signal, onStep: () => {}, onMerged: () => {},
    pace: { current: createPace() }, confirm: async () => true,
  });
}

describe('the journal of a playlist edit', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'playdeck-recorder-'));
  });
  afterEach(async () => {
    vi.useRealTimers();
    await rm(dir, { recursive: true, force: true });
  });

  it('is on disk, with the move, before the store tells anyone of the move', async () => {
    const journals = await openJournals(SERVICE, () => {}, dir);
    const edit = await openEdit(createFakeApi(), SMALL, journals);
    // This dashboard's file of the playlist (its name carries the writer).
    const file = () => join(dir, readdirSync(dir).find((name) => name.startsWith(journalFileName(SERVICE, edit.playlistId).replace(/\.journal\.json$/, '.w')))!);
    edit.store.dispatch(cursorTo(3));
    await expect(readdir(dir)).resolves.toEqual([]);
    const seen: Journal[] = [];
    const unsubscribe = edit.store.subscribe(() => seen.push(parseJournal(readFileSync(file(), 'utf8'))));
    edit.store.dispatch(press('moveDown', 2));
    expect(seen).toHaveLength(1);
    expect(Array.from(seen[0]!.order.slice(0, 6))).toEqual([0, 1, 2, 4, 5, 3]);
    expect(seen[0]!.changeCount).toBe(1);
    expect(seen[0]!.identities.size).toBe(23);
    // Undone back to what the service has: nothing is pending, the file goes.
    unsubscribe();
    edit.store.dispatch(press('undo'));
    await expect(readdir(dir)).resolves.toEqual([]);
  });

  it('writes nothing for pages while nothing is pending, and their identities a moment later while something is', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { log, disk, files } = memoryFiles();
    const journals = new UnsavedJournals(SERVICE, files);
    const edit = await openEdit(createFakeApi(), BIG, journals, 2);
    expect(log).toEqual([]);
    edit.store.dispatch(cursorTo(0));
    edit.store.dispatch(press('moveDown'));
    expect(parseJournal(disk.get(edit.playlistId)!).identities.size).toBe(100);
    const api = createFakeApi();
    const { items } = await api.getPlaylistItems(edit.playlistId, { offset: 5_000, limit: PAGE_SIZE });
    edit.store.dispatch({ type: 'page', generation: edit.store.getState().generation, offset: 5_000, items, total: 10_000 });
    expect(log).toHaveLength(1);
    vi.advanceTimersByTime(IDENTITIES_WRITE_MS);
    expect(log).toHaveLength(2);
    expect(parseJournal(disk.get(edit.playlistId)!).identities.size).toBe(150);
    // A page waiting to be written is written when the dashboard goes.
    const more = await api.getPlaylistItems(edit.playlistId, { offset: 6_000, limit: PAGE_SIZE });
    edit.store.dispatch({ type: 'page', generation: edit.store.getState().generation, offset: 6_000, items: more.items, total: 10_000 });
    journals.flush();
    expect(parseJournal(disk.get(edit.playlistId)!).identities.size).toBe(200);
    expect(edit.recorder.close()?.changeCount).toBe(1);
  });

  it('records each request before it is sent and its answer after, and goes once all is saved', async () => {
    const { log, disk, files } = memoryFiles();
    const api = createFakeApi();
    const edit = await openEdit(api, SMALL, new UnsavedJournals(SERVICE, files));
    makeMoves(edit.store);
    const moves = planMoves(Array.from(edit.store.getState().arrangement.savedOrder), edit.store.getState().arrangement.order);
    expect(moves.length).toBeGreaterThanOrEqual(3);
    const onDisk: Journal[] = [];
    const recording: Api = {
      ...api,
      reorderPlaylistItems: (playlistId, move, options) => {
        onDisk.push(parseJournal(disk.get(playlistId)!));
        return api.reorderPlaylistItems(playlistId, move, options);
      },
    };
    const writesBefore = log.length;
    await save(recording, edit);
    // Before request k went out, the journal named it in flight, on the base the k before it made.
    expect(onDisk.map((journal) => journal.inFlight)).toEqual(moves.map((move) => ({ kind: 'move', move })));
    expect(onDisk.map((journal) => journal.acknowledged)).toEqual(moves.map((_, k) => k));
    // One write per request out, one per answer (the last one removes the file).
    expect(log.length - writesBefore).toBe(2 * moves.length);
    expect(log.at(-1)).toBeNull();
    expect(disk.size).toBe(0);
  });

  describe.each([
    ['every entry loaded', Infinity],
    ['10 of its 23 entries loaded, unloaded ones moved too', 1],
  ])('killed at every step of a save (%s)', (_name, pages) => {
    it('loses nothing and repeats nothing after a restart', { timeout: 60_000 }, async () => {
      // The run that is killed: every disk state and every request that landed, in the order they came.
      const { log, disk, files } = memoryFiles();
      const api = createFakeApi();
      const edit = await openEdit(api, SMALL, new UnsavedJournals(SERVICE, files), pages, 10);
      const before = await identitiesOn(api, edit.playlistId);
      makeMoves(edit.store);
      const desired = shownOrder(edit.store, before);
      const planned = planMoves(Array.from(edit.store.getState().arrangement.savedOrder), edit.store.getState().arrangement.order).length;
      type Event = { disk: string | null } | { landed: Parameters<Api['reorderPlaylistItems']> };
      const events: Event[] = [{ disk: disk.get(edit.playlistId)! }];
      const logged = log.length;
      const recording: Api = {
        ...api,
        reorderPlaylistItems: async (...args) => {
          const snapshot = await api.reorderPlaylistItems(...args);
          events.push(...log.splice(logged).map((text) => ({ disk: text })), { landed: args });
          return snapshot;
        },
      };
      await save(recording, edit);
      events.push(...log.splice(logged).map((text) => ({ disk: text })));
      expect(events.filter((event) => 'landed' in event)).toHaveLength(planned);

      for (let killedAt = 1; killedAt <= events.length; killedAt++) {
        const happened = events.slice(0, killedAt);
        const text = happened.findLast((event): event is { disk: string | null } => 'disk' in event)!.disk;
        // The service as the kill left it: a fresh fake with the requests that landed replayed.
        const after = createFakeApi();
        for (const event of happened) if ('landed' in event) await after.reorderPlaylistItems(...event.landed);
        const landedBefore = happened.filter((event) => 'landed' in event).length;
        const when = `killed after event ${killedAt} of ${events.length} (${landedBefore} requests landed)`;
        if (text === null) {
          expect(await identitiesOn(after, edit.playlistId), when).toEqual(desired);
          continue;
        }
        const restarted = memoryFiles();
        const { resumed } = await restoreJournal(after, parseJournal(text), true);
        const journals = new UnsavedJournals(SERVICE, restarted.files);
        const recorder = new JournalRecorder({
          journals, playlistId: edit.playlistId, playlistName: 'x', initial: resumed.edit, resumed: resumed.journal, onError: (m) => { throw new Error(m); },
        });
        const store = createEditStore(resumed.edit, recorder.observe);
        const sent: RangeMove[] = [];
        const counting: Api = { ...after, reorderPlaylistItems: (id, move, options) => (sent.push(move), after.reorderPlaylistItems(id, move, options)) };
        await save(counting, { store, recorder, playlistId: edit.playlistId });
        expect(await identitiesOn(after, edit.playlistId), when).toEqual(desired);
        expect(landedBefore + sent.length, when).toBe(planned);
        expect(restarted.disk.size, when).toBe(0);
      }
    });
  });

  it('killed at every step of a save of removals and additions: loses nothing, sends each addition once', { timeout: 60_000 }, async () => {
    const { log, disk, files } = memoryFiles();
    const api = createFakeApi();
    const playlist = readable((await api.getMyPlaylists({ offset: 0, limit: 50 })).items)[SMALL]!;
    const uris = (await identitiesOn(api, playlist.id)).map((identity) => identity.split(' ')[0]!);
    // A second copy of the sixth entry's track, at 12: removing the first takes both, and adds this one back.
    await api.addPlaylistItems(playlist.id, [uris[5]!], 12);
    const edit = await openEdit(api, SMALL, new UnsavedJournals(SERVICE, files), Infinity, 10);
    const items = (row: number) => stubItem(uris[row]!, '2026-01-01T00:00:00Z');
    for (const action of [
      { type: 'remove', rows: [5], height: HEIGHT }, { type: 'insert', at: 3, items: [items(0), items(1)], follow: true, height: HEIGHT },
      cursorTo(8), press('moveDown', 4), { type: 'remove', rows: [15, 16], height: HEIGHT },
    ] as EditAction[]) {
      edit.store.dispatch(action);
    }
    const desired = Array.from(edit.store.getState().arrangement.order, (ref) => entryAt(edit.store.getState(), ref)!.track!.uri);
    type Call = ['add', Parameters<Api['addPlaylistItems']>] | ['remove', Parameters<Api['removePlaylistItems']>] | ['move', Parameters<Api['reorderPlaylistItems']>];
    type Event = { disk: string | null } | { landed: Call };
    const events: Event[] = [{ disk: disk.get(edit.playlistId)! }];
    const logged = log.length;
    const land = async <T,>(call: Call, run: () => Promise<T>): Promise<T> => {
      const result = await run();
      events.push(...log.splice(logged).map((text) => ({ disk: text })), { landed: call });
      return result;
    };
    const recording: Api = {
      ...api,
      addPlaylistItems: (...args) => land(['add', args], () => api.addPlaylistItems(...args)),
      removePlaylistItems: (...args) => land(['remove', args], () => api.removePlaylistItems(...args)),
      reorderPlaylistItems: (...args) => land(['move', args], () => api.reorderPlaylistItems(...args)),
    };
    await save(recording, edit);
    events.push(...log.splice(logged).map((text) => ({ disk: text })));
    const urisOn = async (on: Api) => (await identitiesOn(on, edit.playlistId)).map((identity) => identity.split(' ')[0]);
    expect(await urisOn(api)).toEqual(desired);
    const additions = events.filter((event) => 'landed' in event && event.landed[0] === 'add').length;
    expect(additions).toBeGreaterThanOrEqual(2);

    for (let killedAt = 1; killedAt <= events.length; killedAt++) {
      const happened = events.slice(0, killedAt);
      const text = happened.findLast((event): event is { disk: string | null } => 'disk' in event)!.disk;
      const after = createFakeApi();
      await after.addPlaylistItems(playlist.id, [uris[5]!], 12);
      let addedBefore = 0;
      for (const event of happened) {
        if (!('landed' in event)) continue;
        const [kind, args] = event.landed;
        if (kind === 'add') addedBefore++;
        if (kind === 'add') await after.addPlaylistItems(...(args as Parameters<Api['addPlaylistItems']>));
        else if (kind === 'remove') await after.removePlaylistItems(args[0], args[1] as string[], null);
        else await after.reorderPlaylistItems(...(args as Parameters<Api['reorderPlaylistItems']>));
      }
      const when = `killed after event ${killedAt} of ${events.length}`;
      if (text === null) {
        expect(await urisOn(after), when).toEqual(desired);
        continue;
      }
      const { resumed } = await restoreJournal(after, parseJournal(text), true);
      const restarted = memoryFiles();
      const recorder = new JournalRecorder({
        journals: new UnsavedJournals(SERVICE, restarted.files), playlistId: edit.playlistId, playlistName: 'x', initial: resumed.edit,
        resumed: resumed.journal, onError: (m) => { throw new Error(m); },
      });
      const store = createEditStore(resumed.edit, recorder.observe);
      let addedAfter = 0;
      const counting: Api = { ...after, addPlaylistItems: (...args) => (addedAfter++, after.addPlaylistItems(...args)) };
      await save(counting, { store, recorder, playlistId: edit.playlistId });
      expect(await urisOn(after), when).toEqual(desired);
      expect(addedBefore + addedAfter, when).toBe(additions);
      expect(restarted.disk.size, when).toBe(0);
    }
  });

  it('a disk that fills at any write of a save of removals and additions, then a kill: nothing lost, each addition sent once', { timeout: 60_000 }, async () => {
    /** The save of a removal (of a URI held twice: the other copy added back) and an addition, the disk full from its `fullFrom`th journal write on. */
    async function saveFilling(fullFrom: number) {
      const api = createFakeApi();
      const playlist = readable((await api.getMyPlaylists({ offset: 0, limit: 50 })).items)[SMALL]!;
      const uris = (await identitiesOn(api, playlist.id)).map((identity) => identity.split(' ')[0]!);
      await api.addPlaylistItems(playlist.id, [uris[5]!], 12);
      const { disk, files, state } = fillingFiles();
      /** Writes of the save, counted once the changes are made. */
      let writes = Number.NEGATIVE_INFINITY;
      const counted: JournalFiles = { ...files, write: (id, chunks) => (state.isFull = state.isFull || ++writes >= fullFrom, files.write(id, chunks)) };
      const initial = createEdit(playlist.tracks.total + 1, (await api.getPlaylist(playlist.id)).snapshot_id, 10);
      const recorder = new JournalRecorder({ journals: new UnsavedJournals(SERVICE, counted), playlistId: playlist.id, playlistName: 'x', initial, resumed: null, onError: () => {} });
      const store = createEditStore(initial, recorder.observe);
      for (let offset = 0; offset < initial.list.total; offset += 10) {
        const { items, total } = await api.getPlaylistItems(playlist.id, { offset, limit: 10 });
        store.dispatch({ type: 'page', generation: store.getState().generation, offset, items, total });
      }
      const stub = (row: number) => stubItem(uris[row]!, '2026-01-01T00:00:00Z');
      for (const action of [{ type: 'remove', rows: [5], height: HEIGHT }, { type: 'insert', at: 3, items: [stub(0), stub(1)], follow: true, height: HEIGHT }] as EditAction[]) {
        expect(store.dispatch(action)).toBeNull();
      }
      writes = 0;
      const desired = Array.from(store.getState().arrangement.order, (ref) => entryAt(store.getState(), ref)!.track!.uri);
      const counts = { added: 0 };
      const counting: Api = { ...api, addPlaylistItems: (...args) => (counts.added++, api.addPlaylistItems(...args)) };
      const isSaved = await save(counting, { store, recorder, playlistId: playlist.id }).then(() => true, () => false);
      const urisOn = async () => (await identitiesOn(api, playlist.id)).map((identity) => identity.split(' ')[0]);
      return { api: counting, playlistId: playlist.id, disk, desired, counts, isSaved, urisOn, writes };
    }
    const plain = await saveFilling(Infinity);
    expect(plain.isSaved).toBe(true);
    expect(await plain.urisOn()).toEqual(plain.desired);
    expect(plain.counts.added).toBe(2);
    for (let fullFrom = 1; fullFrom <= plain.writes; fullFrom++) {
      const run = await saveFilling(fullFrom);
      const when = `the disk full from write ${fullFrom} of ${plain.writes} on`;
      expect(run.isSaved, when).toBe(false);
      // Killed now; the next start finds the disk with room again.
      const { resumed } = await restoreJournal(run.api, parseJournal(run.disk.get(run.playlistId)!), true);
      const restarted = memoryFiles();
      const recorder = new JournalRecorder({
        journals: new UnsavedJournals(SERVICE, restarted.files), playlistId: run.playlistId, playlistName: 'x', initial: resumed.edit, resumed: resumed.journal, onError: (m) => { throw new Error(m); },
      });
      await save(run.api, { store: createEditStore(resumed.edit, recorder.observe), recorder, playlistId: run.playlistId });
      expect(await run.urisOn(), when).toEqual(run.desired);
      expect(run.counts.added, when).toBe(plain.counts.added);
    }
  });

  it('merges a change made elsewhere between the kill and the restart', async () => {
    const { disk, files } = memoryFiles();
    const api = createFakeApi();
    const edit = await openEdit(api, SMALL, new UnsavedJournals(SERVICE, files));
    const before = await identitiesOn(api, edit.playlistId);
    edit.store.dispatch(cursorTo(0));
    edit.store.dispatch(press('moveDown'));
    const journal = parseJournal(disk.get(edit.playlistId)!);
    // Killed before the save; then someone moves the last entry to the top.
    const { snapshot_id: snapshotId } = await api.getPlaylist(edit.playlistId);
    await api.reorderPlaylistItems(edit.playlistId, { rangeStart: 22, insertBefore: 0, rangeLength: 1, snapshotId });
    const { resumed } = await restoreJournal(api, journal, true);
    const store = createEditStore(resumed.edit);
    await save(api, { store, recorder: edit.recorder, playlistId: edit.playlistId });
    expect(await identitiesOn(api, edit.playlistId)).toEqual([before[22], before[1], before[0], ...before.slice(2, 22)]);
  });

  /** Journal files on a disk that is full once `isFull` says so: every write fails as a full disk fails. */
  function fillingFiles() {
    const { disk, files } = memoryFiles();
    const state = { isFull: false };
    const full: JournalFiles = {
      ...files,
      write: (playlistId, chunks) => {
        if (state.isFull) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', path: '/state/playdeck/journal/x.tmp' });
        files.write(playlistId, chunks);
      },
    };
    return { disk, files: full, state };
  }

  it('refuses a change its journal cannot hold: nothing changes, nobody hears of it, the reason is returned once', async () => {
    const api = createFakeApi();
    const playlist = readable((await api.getMyPlaylists({ offset: 0, limit: 50 })).items)[SMALL]!;
    const { disk, files, state } = fillingFiles();
    state.isFull = true;
    const errors: string[] = [];
    const initial = createEdit(playlist.tracks.total, playlist.snapshot_id, PAGE_SIZE);
    const recorder = new JournalRecorder({
      journals: new UnsavedJournals(SERVICE, files), playlistId: playlist.id, playlistName: playlist.name, initial, resumed: null, onError: (line) => errors.push(line),
    });
    const store = createEditStore(initial, recorder.observe);
    const heard = vi.fn();
    store.subscribe(heard);
    expect(store.dispatch(press('moveDown'))).toBe('not changed: the disk is full (/state/playdeck/journal)');
    expect(store.getState()).toBe(initial);
    expect(heard).not.toHaveBeenCalled();
    expect(errors).toEqual([]);
    expect(disk.size).toBe(0);
    // Room again: the same key works, and the journal holds one change, not two.
    state.isFull = false;
    expect(store.dispatch(press('moveDown'))).toBeNull();
    expect(Array.from(store.getState().arrangement.order.slice(0, 2))).toEqual([1, 0]);
    expect(parseJournal(disk.get(playlist.id)!).changeCount).toBe(1);
  });

  it('sends nothing whose being in flight cannot be journaled: a full disk between the change and its save fails the save, the service unchanged', async () => {
    const api = createFakeApi();
    const { files, disk, state } = fillingFiles();
    const edit = await openEdit(api, SMALL, new UnsavedJournals(SERVICE, files));
    const before = await identitiesOn(api, edit.playlistId);
    edit.store.dispatch(press('moveDown'));
    state.isFull = true;
    const host = { api, playlistId: edit.playlistId, store: edit.store, signal: new AbortController().signal, onStep: () => {}, onMerged: () => {}, pace: { current: createPace() }, confirm: async () => true };
    await expect(saveOrder(host)).rejects.toThrow('not sent: the disk is full');
    expect(api.callsTo('reorderPlaylistItems')).toHaveLength(0);
    expect(await identitiesOn(api, edit.playlistId)).toEqual(before);
    expect(parseJournal(disk.get(edit.playlistId)!).inFlight).toBeNull();
    // Room again: the save goes, once.
    state.isFull = false;
    await saveOrder(host);
    expect(api.callsTo('reorderPlaylistItems')).toHaveLength(1);
    expect(await identitiesOn(api, edit.playlistId)).toEqual([before[1], before[0], ...before.slice(2)]);
  });

  it('sets a journal that cannot be read aside, with a line for the status line and the log', async () => {
    const name = journalFileName(SERVICE, 'pl1');
    await writeFile(join(dir, name), '{"format":"playdeck journal","version":1,"ser', { mode: 0o600 });
    const logged: string[] = [];
    const journals = await openJournals(SERVICE, (line) => logged.push(line), dir);
    expect(journals.leftOver).toEqual([]);
    expect(journals.setAside).toHaveLength(1);
    expect(journals.setAside[0]).toMatch(/^unsaved moves could not be read \(not JSON \(cut short\?\)\): kept aside as .*\.corrupt-\d{8}T\d{6}Z$/);
    expect(logged).toEqual(journals.setAside);
    const [aside] = await readdir(dir);
    expect(await readFile(join(dir, aside!), 'utf8')).toBe('{"format":"playdeck journal","version":1,"ser');
  });
});
