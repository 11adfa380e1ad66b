/**
 * Writers racing on one playlist, for real (issue 35): two or three clients of the embedded service over
 * loopback, each an editor as a dashboard runs it (its store, saves, the watch's check, `o u`, page loads),
 * each behind a fault proxy that holds every answer until the driver lets it go. The driver runs a script of
 * steps: a client's key (a move, a range, top or bottom, a removal, an addition, undo), the start of a
 * client's save, check, `o u` or page load, or one held answer released (the service acted; the client
 * hears of it only now). After each step it waits until every request in flight is held: the next step then
 * falls between any request and its answer. The properties are checked as it goes and at the end.
 */
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import type { Api } from '../../src/api/api.js';
import { createApi, staticToken } from '../../src/api/index.js';
import { isApiError } from '../../src/api/errors.js';
import type { PlaylistStore } from '../../src/service/store/playlists.js';
import { PAGE_SIZE } from '../../src/ui/list/page-loader.js';
import { runDedupe } from '../../src/ui/playlist-editor/dedupe-runner.js';
import type { EditSession } from '../../src/ui/playlist-editor/edit-session.js';
import { createEditStore, type EditStore } from '../../src/ui/playlist-editor/edit-store.js';
import { isDirty } from '../../src/ui/playlist-editor/model/arrangement.js';
import { createEdit, entryAt, missingPages } from '../../src/ui/playlist-editor/model/edit.js';
import type { PlaylistEdit } from '../../src/ui/playlist-editor/model/playlist-edit.js';
import { entryIdentity, itemUriOf, stubItem } from '../../src/ui/playlist-editor/model/entry-identity.js';
import { createPace } from '../../src/ui/playlist-editor/model/save-pace.js';
import { moveAnywhere } from '../../src/ui/playlist-editor/move-commands.js';
import { checkPlaylist } from '../../src/ui/playlist-editor/playlist-watch.js';
import { saveEdit } from '../../src/ui/playlist-editor/save-edit.js';
import type { SaveLoop } from '../../src/ui/playlist-editor/save-loop.js';
import { fixtureCatalog, ids, TRACK_COUNT } from './catalog-fixture.js';
import { startFaultProxy, type FaultProxy, type Rewrite } from './fault-proxy.js';
import { createTestService, type TestService } from './service.js';

const HEIGHT = 10;
/** Tracks the playlists are made of and added from: few, so that copies of one item are common. */
const POOL = 9;
const uriOfTrack = (n: number): string => `playdeck:track:${ids.track((n % Math.min(POOL, TRACK_COUNT)) + 1)}`;

export type Act =
  | { kind: 'move'; row: number; length: number; by: number }
  | { kind: 'edge'; row: number; length: number; to: 'moveToTop' | 'moveToBottom' }
  | { kind: 'remove'; row: number; length: number }
  | { kind: 'add'; row: number; track: number }
  | { kind: 'undo' }
  | { kind: 'dedupe' }
  | { kind: 'save' }
  | { kind: 'watch' }
  | { kind: 'load' };

export type Step = { client: number; act: Act } | { release: number };

export interface Race {
  /** Between 4 and 12 entries (copies among them). */
  playlist: number[];
  clients: number;
  /** By client: its proxy hides what the snapshot ids say (they look opaque to it, as the real service's do). */
  opaque: boolean[];
  steps: Step[];
}

const row = fc.nat({ max: 40 });
const length = fc.integer({ min: 1, max: 3 });
const act: fc.Arbitrary<Act> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('move' as const), row, length, by: fc.integer({ min: -4, max: 4 }).filter((by) => by !== 0) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('edge' as const), row, length, to: fc.constantFrom('moveToTop' as const, 'moveToBottom' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), row, length: fc.integer({ min: 1, max: 2 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('add' as const), row, track: fc.nat({ max: POOL * 2 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'undo' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'dedupe' as const }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'save' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'watch' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'load' as const }) },
);

export function raceArbitrary(maxSteps: number): fc.Arbitrary<Race> {
  return fc.integer({ min: 2, max: 3 }).chain((clients) =>
    fc.record({
      playlist: fc.array(fc.nat({ max: POOL - 1 }), { minLength: 4, maxLength: 12 }),
      clients: fc.constant(clients),
      opaque: fc.array(fc.boolean(), { minLength: clients, maxLength: clients }),
      steps: fc.array(
        fc.oneof(
          { weight: 3, arbitrary: fc.record({ client: fc.nat({ max: clients - 1 }), act }) },
          { weight: 2, arbitrary: fc.record({ release: fc.nat({ max: 1_000 }) }) },
        ),
        { minLength: Math.min(12, maxSteps), maxLength: maxSteps },
      ),
    }),
  );
}

/** The embedded service on loopback, with every version its writes make kept as entry identities. */
export interface RaceService {
  baseUrl: string;
  token: string;
  service: TestService;
  /** Snapshot id -> the identities of the version it names, recorded as each write commits. */
  versions: Map<string, string[]>;
  identitiesOf(playlistId: string): string[];
  close(): Promise<void>;
}

export async function startRaceService(): Promise<RaceService> {
  // A second per request, so that entries added apart never share an `added_at`.
  let clock = Date.UTC(2026, 0, 1);
  const service = await createTestService({ catalog: fixtureCatalog, now: () => (clock += 1_000) });
  await service.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = service.app.server.address() as AddressInfo;
  const store = service.context.playlists;
  const identitiesOf = (playlistId: string): string[] => {
    const playlist = store.get(playlistId)!;
    return Array.from(playlist.order, (entryId) => {
      const entry = playlist.entries.get(entryId)!;
      return `playdeck:${entry.type}:${entry.itemId} ${entry.addedAt}`;
    });
  };
  const versions = new Map<string, string[]>();
  // The store writes synchronously: right after a write returns, the playlist is the version it made.
  for (const method of ['reorder', 'replace', 'add', 'remove'] as const) {
    const write = store[method].bind(store) as (id: string, ...rest: unknown[]) => ReturnType<PlaylistStore[typeof method]>;
    Object.assign(store, {
      [method]: (id: string, ...rest: unknown[]) => {
        const result = write(id, ...rest);
        if (result.ok) versions.set(result.snapshotId, identitiesOf(id));
        return result;
      },
    });
  }
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`, token: service.tokenFor({ ttlSeconds: 100 * 365 * 86_400 }), service, versions, identitiesOf,
    close: () => service.close(),
  };
}

type Activity = 'save' | 'dedupe' | 'watch' | 'load';

interface Client {
  name: string;
  proxy: FaultProxy;
  api: Api;
  /** Calls of `api` not settled yet. */
  calls: { calling: number };
  store: EditStore;
  pace: { current: ReturnType<typeof createPace> };
  activities: Map<Activity, Promise<void>>;
  /** By undo step, the items it may put elsewhere (null: not known, so not judged). */
  steps: (Set<string> | null)[];
  /** What went wrong in one of its activities, thrown by the driver. */
  failure: unknown;
}

/** One client's proxy and API, kept across runs (a dashboard's connection). */
export interface RaceLine {
  proxy: FaultProxy;
  api: Api;
  calls: { calling: number };
}

/** The ids a proxy that hides them gives its client, and back: nothing of the version shows. */
const SNAPSHOT_FIELD = /"snapshot_id":"([^"]*)"/g;
const hidden = (id: string): string => `o${Buffer.from(id).toString('base64url')}`;
const shownId = (id: string): string => (id.startsWith('o') ? Buffer.from(id.slice(1), 'base64url').toString('utf8') : id);
const HIDE_SNAPSHOTS: Rewrite = {
  request: (body) => body.replace(SNAPSHOT_FIELD, (_, id: string) => `"snapshot_id":"${shownId(id)}"`),
  response: (body) => body.replace(SNAPSHOT_FIELD, (_, id: string) => `"snapshot_id":"${hidden(id)}"`),
};

/** `count` lines whose snapshot ids say their version, then `count` whose proxies hide it. */
export async function openLines(race: RaceService, count: number): Promise<RaceLine[]> {
  return Promise.all(Array.from({ length: 2 * count }, async (_, index) => {
    const proxy = await startFaultProxy(race.baseUrl, index < count ? undefined : HIDE_SNAPSHOTS);
    const api = createApi({ baseUrl: proxy.baseUrl, tokens: staticToken(race.token), retry: { limit: 0, backoffBaseMs: 10, backoffLimitMs: 10 } });
    const calls = { calling: 0 };
    // Counted, not changed: a call in flight is one request, held at the proxy or on its way.
    const counted = new Proxy(api, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const result = (value as (...a: unknown[]) => unknown).apply(target, args);
          if (!(result instanceof Promise)) return result;
          calls.calling++;
          return result.finally(() => calls.calling--);
        };
      },
    });
    return { proxy, api: counted, calls };
  }));
}

/** What went wrong, with where: the property fails with it (fast-check adds the seed and the path). */
class Violation extends Error {}

export interface RaceOutcome {
  steps: number;
  released: number;
}

/** Runs `race` on a fresh playlist; throws a Violation when a property does not hold. */
export async function runRace(service: RaceService, lines: readonly RaceLine[], race: Race, log?: (line: string) => void): Promise<RaceOutcome> {
  const store = service.service.context.playlists;
  const demo = ids.demo;
  const created = store.create(demo, { name: 'Race', description: '', isPublic: true, collaborative: false });
  store.add(created.id, race.playlist.map((n) => ({ type: 'track' as const, id: ids.track((n % POOL) + 1) })), null, demo, new Date());
  const initial = service.identitiesOf(created.id);
  /** Items some client chose to move or remove: everything else keeps its place among the rest. */
  const chosen = new Set<string>();
  const clients: Client[] = [];
  const half = lines.length / 2;
  for (let index = 0; index < race.clients; index++) {
    const line = lines[race.opaque[index] ? half + index : index]!;
    line.proxy.clear();
    const playlist = await line.api.getPlaylist(created.id);
    const client: Client = {
      name: `client ${index + 1}${race.opaque[index] ? ' (opaque ids)' : ''}`, proxy: line.proxy, api: line.api, calls: line.calls,
      store: createEditStore(createEdit(playlist.tracks.total, playlist.snapshot_id, PAGE_SIZE)),
      pace: { current: createPace() }, activities: new Map(), steps: [], failure: undefined,
    };
    await load(client, created.id);
    clients.push(client);
  }
  for (const client of clients) client.proxy.inject({ kind: 'hold' });
  let released = 0;
  try {
    for (const [index, step] of race.steps.entries()) {
      const where = `step ${index + 1} of ${race.steps.length}`;
      if ('release' in step) {
        const held = clients.flatMap((client) => client.proxy.held);
        if (held.length > 0) {
          held[step.release % held.length]!.release();
          released++;
        }
      } else {
        perform(clients[step.client]!, step.act, created.id, chosen, service, where);
      }
      await quiescent(clients);
      log?.(`${where} ${JSON.stringify(step)}\n${clients.map((client) => `  ${client.name} ${format(shown(client.store.getState()))} ${describeBase(client.store.getState())} held ${client.proxy.held.map((answer) => `${answer.method} ${answer.url.replace(/\?.*/, '')}`).join(', ')}`).join('\n')}\n  service ${format(service.identitiesOf(created.id))}`);
      failed(clients);
    }
    // Every answer let go, then nothing held back any more.
    while (clients.some((client) => client.proxy.held.length > 0 || client.activities.size > 0)) {
      for (const client of clients) for (const answer of [...client.proxy.held]) answer.release();
      await quiescent(clients);
      failed(clients);
    }
  } finally {
    for (const client of clients) {
      client.proxy.clear();
      for (const answer of [...client.proxy.held]) answer.release();
    }
  }
  await Promise.all(clients.flatMap((client) => [...client.activities.values()]));
  failed(clients);
  // Everyone saves what is left, in turn, until nobody has anything left; then one check each (a watch period).
  for (let round = 0; clients.some(hasWork); round++) {
    if (round === 10) throw new Violation(`still unsaved after ${round} rounds of saves: ${clients.filter(hasWork).map((client) => client.name).join(', ')}`);
    for (const client of clients.filter(hasWork)) {
      await saveOf(client, created.id, service, 'the last saves');
      log?.(`${client.name} saved: ${format(shown(client.store.getState()))}; service ${format(service.identitiesOf(created.id))}`);
    }
  }
  for (const client of clients) {
    await checkPlaylist({ api: client.api, playlistId: created.id, store: client.store, loop: null, signal: new AbortController().signal, onStatus: () => {} });
    await load(client, created.id);
  }
  const final = service.identitiesOf(created.id);
  for (const client of clients) {
    const view = shown(client.store.getState());
    if (JSON.stringify(view) !== JSON.stringify(final)) {
      throw new Violation(`${client.name} shows ${format(view)} after everyone's saves and a check, the service holds ${format(final)}`);
    }
  }
  const start = new Set(initial);
  const kept = (identities: readonly string[]) =>
    identities.filter((identity) => start.has(identity) && !chosen.has(identity.slice(0, identity.indexOf(' '))));
  if (JSON.stringify(kept(final)) !== JSON.stringify(kept(initial))) {
    throw new Violation(`entries nobody chose moved or went: ${format(kept(initial))} became ${format(kept(final))}`);
  }
  return { steps: race.steps.length, released };
}

/** `[t3@00:00:12, t1@00:00:05]`: the track and the time it was added, for a readable failure. */
const format = (identities: readonly string[]): string =>
  `[${identities.map((identity) => identity.replace(/^playdeck:track:t0*/, 't').replace(/ \d{4}-\d\d-\d\dT(\d\d:\d\d:\d\d)Z$/, '@$1')).join(', ')}]`;

const describeBase = (state: PlaylistEdit): string =>
  `${state.snapshotId?.slice(0, 4)}${state.isBaseStale ? ' stale' : ''}${state.isBaseUnsure ? ' unsure' : ''}${state.isWriting ? ' writing' : ''} undo ${state.arrangement.undo.length}`;

/** Throws what went wrong in an activity, the first one found. */
function failed(clients: readonly Client[]): void {
  const client = clients.find((candidate) => candidate.failure !== undefined);
  if (client !== undefined) throw client.failure;
}

const hasWork = (client: Client): boolean => {
  const state = client.store.getState();
  return isDirty(state.arrangement) || state.isBaseStale || state.isBaseUnsure;
};

/** The view's rows as identities (an entry not loaded as `?`). */
function shown(state: PlaylistEdit): string[] {
  return Array.from(state.arrangement.order, (ref) => {
    const entry = entryAt(state, ref);
    return entry === undefined ? '?' : entryIdentity(entry);
  });
}

/** Until every call in flight of every client is an answer held at its proxy (or none is in flight). */
async function quiescent(clients: readonly Client[]): Promise<void> {
  // A hang guard, not a time limit: a request on loopback is answered in milliseconds.
  for (const deadline = Date.now() + 30_000; ; ) {
    await new Promise((resolve) => setImmediate(resolve));
    if (clients.every((client) => client.calls.calling === client.proxy.held.length)) return;
    if (Date.now() > deadline) throw new Error(`no progress: ${clients.map((client) => `${client.name} ${client.calls.calling} calls, ${client.proxy.held.length} held`).join('; ')}`);
  }
}

function start(client: Client, activity: Activity, run: () => Promise<void>): void {
  if (client.activities.has(activity)) return;
  const running = run()
    .catch((error: unknown) => void (client.failure ??= error))
    .finally(() => client.activities.delete(activity));
  client.activities.set(activity, running);
}

/** The pages the view's rows need, as the pane loads them: none while a request is out. */
async function load(client: Client, playlistId: string): Promise<void> {
  for (let rounds = 0; rounds < 5; rounds++) {
    const state = client.store.getState();
    const offsets = state.isWriting ? [] : missingPages(state, 0, 1_000);
    if (offsets.length === 0) return;
    for (const offset of offsets) {
      const { generation } = client.store.getState();
      const { items, total } = await client.api.getPlaylistItems(playlistId, { offset, limit: PAGE_SIZE });
      client.store.dispatch({ type: 'page', generation, offset, items, total });
    }
  }
}

/** The rows from `row` (wrapped) for `length`, and their items, when every one is loaded. */
function selection(state: PlaylistEdit, row: number, length: number): { start: number; end: number; uris: string[] } | null {
  const { order } = state.arrangement;
  if (order.length === 0) return null;
  const start = row % order.length;
  const end = Math.min(order.length, start + length);
  const uris: string[] = [];
  for (let at = start; at < end; at++) {
    const uri = itemUriOf(entryAt(state, order[at]!));
    if (uri === undefined) return null;
    uris.push(uri);
  }
  return { start, end, uris };
}

/** Selects rows `start` to `end` as the keys do: the cursor on the last, the mark on the first. */
function select(store: EditStore, start: number, end: number): void {
  store.dispatch({ type: 'cursorTo', index: start, height: HEIGHT });
  if (store.getState().arrangement.mark !== null) store.dispatch({ type: 'arrange', action: { type: 'clearMark' }, height: HEIGHT });
  if (end - start > 1) {
    store.dispatch({ type: 'arrange', action: { type: 'toggleMark' }, height: HEIGHT });
    store.dispatch({ type: 'cursorTo', index: end - 1, height: HEIGHT });
  }
}

/** Keeps the record of undo steps as long as the history: a merge starts it afresh. */
function recordStep(client: Client, before: number, uris: Set<string> | null): void {
  const undo = client.store.getState().arrangement.undo.length;
  if (client.steps.length !== before) client.steps = Array.from({ length: before }, () => null);
  if (undo === before + 1) client.steps.push(uris);
  else if (undo !== before) client.steps = Array.from({ length: undo }, () => null);
}

function perform(client: Client, action: Act, playlistId: string, chosen: Set<string>, service: RaceService, where: string): void {
  const { store } = client;
  const state = store.getState();
  const history = state.arrangement.undo.length;
  if (client.steps.length !== history) client.steps = Array.from({ length: history }, () => null);
  switch (action.kind) {
    case 'move':
    case 'edge':
    case 'remove': {
      const picked = selection(state, action.row, action.length);
      if (picked === null) return;
      for (const uri of picked.uris) chosen.add(uri);
      select(store, picked.start, picked.end);
      if (action.kind === 'move') {
        store.dispatch({ type: 'arrange', action: { type: action.by < 0 ? 'moveUp' : 'moveDown', count: Math.abs(action.by) }, height: HEIGHT });
      } else if (action.kind === 'edge') moveAnywhere(store, HEIGHT, action.to, { current: null });
      else store.dispatch({ type: 'remove', rows: Array.from({ length: picked.end - picked.start }, (_, i) => picked.start + i), height: HEIGHT });
      if (store.getState().arrangement.mark !== null) store.dispatch({ type: 'arrange', action: { type: 'clearMark' }, height: HEIGHT });
      return recordStep(client, history, new Set(picked.uris));
    }
    case 'add': {
      const uri = uriOfTrack(action.track);
      const at = action.row % (state.arrangement.order.length + 1);
      store.dispatch({ type: 'insert', at, items: [stubItem(uri, new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'))], follow: false, height: HEIGHT });
      return recordStep(client, history, new Set([uri]));
    }
    case 'undo': {
      const uris = client.steps.at(-1);
      const before = shown(state);
      store.dispatch({ type: 'arrange', action: { type: 'undo' }, height: HEIGHT });
      if (store.getState().arrangement.undo.length < history) client.steps.pop();
      // What an undo puts back is chosen as much as the step was (an addition undone is a removal).
      const after = shown(store.getState());
      for (const identity of [...before.filter((one) => !after.includes(one)), ...after.filter((one) => !before.includes(one))]) {
        if (identity !== '?') chosen.add(identity.slice(0, identity.indexOf(' ')));
      }
      for (const uri of uris ?? []) chosen.add(uri);
      if (uris === null || uris === undefined) return;
      // Undo puts back only its own step: the rows of every other item keep their order and stay (a row not
      // loaded cannot be told, and is not judged).
      const others = (rows: readonly string[]) => rows.filter((identity) => identity !== '?' && !uris.has(identity.slice(0, identity.indexOf(' '))));
      if (JSON.stringify(others(before)) !== JSON.stringify(others(after))) {
        throw new Violation(`${where}: ${client.name}'s undo of a step on ${[...uris].join(', ')} changed others: ${format(before)} -> ${format(after)}`);
      }
      return;
    }
    case 'dedupe': {
      // What it takes out is chosen, as it goes: the view may have changed since it began (an addition).
      let read: readonly string[] = [];
      const choosing: EditStore = {
        ...store,
        dispatch: (action) => {
          // The entries it read whole (by base position), for the rows it takes out that are not loaded.
          if (action.type === 'identities') read = action.identities;
          if (action.type === 'remove') {
            const now = store.getState();
            for (const at of action.rows) {
              const ref = now.arrangement.order[at]!;
              const identity = read[ref];
              chosen.add(itemUriOf(entryAt(now, ref)) ?? (identity === undefined ? '' : identity.slice(0, identity.indexOf(' '))));
            }
          }
          return store.dispatch(action);
        },
      };
      const session = {
        store: choosing, playlist: { id: playlistId },
        loop: { isSaving: () => client.activities.has('save'), saveNow: async () => (await client.activities.get('save'), { isSaved: true }), pace: client.pace },
      } as unknown as EditSession;
      return start(client, 'dedupe', async () => {
        await runDedupe({ api: client.api, session, height: HEIGHT, ask: async () => true, onStatus: () => {}, signal: new AbortController().signal });
        recordStep(client, history, null);
      });
    }
    case 'save':
      return start(client, 'save', () => saveOf(client, playlistId, service, where));
    case 'watch': {
      const loop = { isSaving: () => client.activities.has('save') } as SaveLoop;
      return start(client, 'watch', async () => {
        await checkPlaylist({ api: client.api, playlistId, store, loop, signal: new AbortController().signal, onStatus: () => {} }).catch(() => {});
      });
    }
    case 'load':
      return start(client, 'load', () => load(client, playlistId));
  }
}

/**
 * One save, as the save loop runs it. When it resolves with nothing left unsaved, the dashboard says "saved":
 * the service must then hold the order shown, as the version the edit names. A save may give up while others
 * keep writing (it is tried again); any other failure is a fault.
 */
async function saveOf(client: Client, playlistId: string, service: RaceService, where: string): Promise<void> {
  const { store } = client;
  try {
    await saveEdit({ api: client.api, playlistId, store, signal: new AbortController().signal, onStep: () => {}, onMerged: () => {}, pace: client.pace, confirm: async () => true });
  } catch (error) {
    store.dispatch({ type: 'writeFailed' });
    const isGivingUp = error instanceof Error && /keeps changing|changed while/.test(error.message);
    if (isGivingUp || (isApiError(error) && error.kind === 'conflict')) return;
    throw new Violation(`${where}: ${client.name}'s save failed: ${(error as Error).message}`);
  }
  const state = store.getState();
  if (isDirty(state.arrangement) || state.isBaseStale || state.isBaseUnsure) return;
  const named = state.snapshotId === null ? undefined : service.versions.get(shownId(state.snapshotId));
  const view = shown(state);
  const agrees = named !== undefined && named.length === view.length && view.every((identity, at) => identity === '?' || identity === named[at]);
  if (!agrees) throw new Violation(`${where}: ${client.name} said saved showing ${format(view)}; its snapshot names ${named === undefined ? 'no version' : format(named)}`);
}
