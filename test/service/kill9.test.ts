import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import Sqlite from 'better-sqlite3';
import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { moveRange, reorderBody } from '../helpers/order-model.js';
import { spawnServe, stopServe, type ServeChild } from '../helpers/serve-child.js';

/**
 * Durability from outside (decisions §7: a 200 or 201 means the change is on disk): a real `serve` on a
 * database file takes a stream of chained writes — reorders, adds, removals, renames of a playlist and
 * creations of new ones — is killed with SIGKILL at a seeded moment, and is restarted on the same file. What
 * is read back must be the model of every acknowledged write, or that plus the one write in flight: the
 * playlist compared item by item (SQLite's integrity check would pass a torn playlist), its name, and the
 * playlists created.
 */
const SEED = 0x6b_1119;
const ROUNDS = 5;
const LENGTH = 100;
/** Tracks the adds draw from: the playlist's own and some more. */
const POOL = 130;
const WRITES_PER_ROUND = 400;
const CREATED = 'Made before a kill';

type Kind = 'reorder' | 'add' | 'remove' | 'rename' | 'create';
/** A write as drawn: its kind and numbers that the state at its turn makes into positions and items. */
interface Draw {
  kind: Kind;
  numbers: [number, number, number];
}

interface RoundPlan {
  writes: Draw[];
  /** The kill is armed just before this write is sent... */
  killBeforeWrite: number;
  /** ...and lands this many milliseconds later, while that write or one of the next is in flight. */
  killDelayMs: number;
}

const drawArbitrary = fc.record({
  kind: fc.oneof(
    { weight: 4, arbitrary: fc.constant<Kind>('reorder') },
    { weight: 2, arbitrary: fc.constantFrom<Kind>('add', 'remove') },
    { weight: 1, arbitrary: fc.constantFrom<Kind>('rename', 'create') },
  ),
  numbers: fc.tuple(fc.nat(), fc.nat(), fc.nat()),
});
const plans: RoundPlan[] = fc.sample(
  fc.record({
    writes: fc.array(drawArbitrary, { minLength: WRITES_PER_ROUND, maxLength: WRITES_PER_ROUND }),
    killBeforeWrite: fc.integer({ min: 5, max: 80 }),
    killDelayMs: fc.integer({ min: 0, max: 4 }),
  }),
  { seed: SEED, numRuns: ROUNDS },
);

/** What the service holds, as the test knows it: the playlist's tracks and name, and the names of those created. */
interface State {
  order: string[];
  name: string;
  created: string[];
  /** The playlist's snapshot, when the last write told it (a rename answers no body). */
  snapshotId: string | null;
}

/** A write made concrete on a state: its request, and the state it leaves. */
interface Write {
  kind: Kind;
  method: 'PUT' | 'POST' | 'DELETE';
  path: string;
  body: object;
  apply(state: State): State;
}

const uriOf = (id: string) => `playdeck:track:${id}`;

function concrete(draw: Draw, state: State, playlistId: string, pool: readonly string[], count: number): Write {
  const [a, b, c] = draw.numbers;
  const length = state.order.length;
  // Adds and removals keep the playlist between 50 and 150 items long.
  const kind = draw.kind === 'remove' && length < 50 ? 'add' : draw.kind === 'add' && length > 150 ? 'remove' : draw.kind;
  const items = `/playlists/${playlistId}/items`;
  switch (kind) {
    case 'reorder': {
      const move = { rangeStart: a % length, rangeLength: 1 + (b % Math.min(10, length - (a % length))), insertBefore: c % (length + 1) };
      return { kind, method: 'PUT', path: items, body: reorderBody(move, state.snapshotId ?? undefined), apply: (s) => ({ ...s, order: moveRange(s.order, move) }) };
    }
    case 'add': {
      const added = Array.from({ length: 1 + (b % 3) }, (_, n) => pool[(a + n * 7) % pool.length]!);
      const position = c % (length + 1);
      const apply = (s: State) => ({ ...s, order: [...s.order.slice(0, position), ...added, ...s.order.slice(position)] });
      return { kind, method: 'POST', path: items, body: { uris: added.map(uriOf), position }, apply };
    }
    case 'remove': {
      const gone = state.order[a % length]!;
      const body = { items: [{ uri: uriOf(gone) }], ...(state.snapshotId ? { snapshot_id: state.snapshotId } : {}) };
      return { kind, method: 'DELETE', path: items, body, apply: (s) => ({ ...s, order: s.order.filter((id) => id !== gone) }) };
    }
    case 'rename': {
      const name = `Renamed ${count}`;
      return { kind, method: 'PUT', path: `/playlists/${playlistId}`, body: { name }, apply: (s) => ({ ...s, name }) };
    }
    case 'create': {
      const name = `${CREATED} ${count}`;
      return { kind, method: 'POST', path: '/me/playlists', body: { name, public: false }, apply: (s) => ({ ...s, created: [...s.created, name] }) };
    }
  }
}

const authorized = (serve: ServeChild) => ({ authorization: `Bearer ${serve.accessToken}`, 'content-type': 'application/json' });

async function getJson(serve: ServeChild, path: string): Promise<any> {
  const response = await fetch(`${serve.baseUrl}${path}`, { headers: authorized(serve) });
  expect(response.status, path).toBe(200);
  return response.json();
}

async function readBack(serve: ServeChild, playlistId: string): Promise<State> {
  const { snapshot_id, name, tracks } = await getJson(serve, `/playlists/${playlistId}?fields=snapshot_id,name,tracks.total`);
  const order: string[] = [];
  for (let offset = 0; offset < tracks.total; offset += 100) {
    const page = await getJson(serve, `/playlists/${playlistId}/items?limit=100&offset=${offset}&fields=items(track(id))`);
    order.push(...page.items.map((item: { track: { id: string } }) => item.track.id));
  }
  const names: string[] = [];
  for (let offset = 0, total = 1; offset < total; offset += 50) {
    const listed = await getJson(serve, `/me/playlists?limit=50&offset=${offset}&fields=total,items(name)`);
    total = listed.total;
    names.push(...listed.items.map((item: { name: string }) => item.name));
  }
  // Newest first in the list: the model keeps them in the order they were made.
  const created = names.filter((named) => named.startsWith(CREATED)).reverse();
  return { order, name, created, snapshotId: snapshot_id };
}

/** The demo user's first playlist, replaced by 100 distinct tracks taken from the 10,000-item one; and the pool. */
async function preparePlaylist(serve: ServeChild): Promise<{ playlistId: string; pool: string[]; start: State }> {
  const listed = await getJson(serve, '/me/playlists?limit=50&fields=items(id,tracks.total)');
  const playlistId: string = listed.items[0].id;
  const big: string = listed.items.find((item: { tracks: { total: number } }) => item.tracks.total === 10_000).id;
  const distinct = new Set<string>();
  for (let offset = 0; distinct.size < POOL; offset += 100) {
    const page = await getJson(serve, `/playlists/${big}/tracks?limit=100&offset=${offset}&fields=items(track(id))`);
    for (const item of page.items) if (distinct.size < POOL) distinct.add(item.track.id);
  }
  const pool = [...distinct];
  const order = pool.slice(0, LENGTH);
  const response = await fetch(`${serve.baseUrl}/playlists/${playlistId}/items`, {
    method: 'PUT',
    headers: authorized(serve),
    body: JSON.stringify({ uris: order.map(uriOf) }),
  });
  expect(response.status).toBe(200);
  return { playlistId, pool, start: await readBack(serve, playlistId) };
}

/**
 * Sends the plan's writes one after another (reorders and removals on the snapshot the last write told) until
 * the kill lands. Returns what was acknowledged (an answer read in full) and the write sent but not acknowledged.
 */
async function writeUntilKilled(serve: ServeChild, playlistId: string, pool: readonly string[], start: State, plan: RoundPlan, round: number) {
  let acknowledged = start;
  let inFlight: Write | null = null;
  let written = 0;
  const kinds = new Set<Kind>();
  for (const [index, draw] of plan.writes.entries()) {
    if (index === plan.killBeforeWrite) setTimeout(() => serve.child.kill('SIGKILL'), plan.killDelayMs);
    const write = concrete(draw, acknowledged, playlistId, pool, round * WRITES_PER_ROUND + index);
    inFlight = write;
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${serve.baseUrl}${write.path}`, { method: write.method, headers: authorized(serve), body: JSON.stringify(write.body) });
      status = response.status;
      text = await response.text();
    } catch {
      break; // the service is gone: this write may or may not have been made
    }
    expect(status, `write ${index}: ${write.method} ${write.path} ${JSON.stringify(write.body)} -> ${text}`).toBe(write.method === 'POST' ? 201 : 200);
    const snapshotId = write.path.startsWith('/me/') ? acknowledged.snapshotId : text === '' ? null : (JSON.parse(text).snapshot_id as string);
    acknowledged = { ...write.apply(acknowledged), snapshotId };
    kinds.add(write.kind);
    written++;
    inFlight = null;
  }
  return { acknowledged, inFlight, written, kinds };
}

let folder: string;
let serve: ServeChild | undefined;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'playdeck-kill9-'));
  return () => rmSync(folder, { recursive: true, force: true });
});
afterEach(() => stopServe(serve));

describe('SIGKILL during a stream of playlist writes', () => {
  it(`loses no acknowledged reorder, add, removal, rename or creation, and tears no playlist, ${ROUNDS} rounds (seed ${SEED})`, async () => {
    const database = join(folder, 'playdeck.db');
    const args = ['--port', '0', '--db', database];
    serve = await spawnServe(args);
    const prepared = await preparePlaylist(serve);
    const { playlistId, pool } = prepared;
    let start = prepared.start;
    const kinds = new Set<Kind>();

    for (const [round, plan] of plans.entries()) {
      const { acknowledged, inFlight, written, kinds: acknowledgedKinds } = await writeUntilKilled(serve, playlistId, pool, start, plan, round);
      expect((await serve.exited).signal, `round ${round}`).toBe('SIGKILL');
      expect(written, `round ${round}: writes acknowledged before the kill`).toBeGreaterThanOrEqual(plan.killBeforeWrite);
      for (const kind of acknowledgedKinds) kinds.add(kind);

      serve = await spawnServe(args);
      const found = await readBack(serve, playlistId);
      const { snapshotId: foundSnapshot, ...foundState } = found;
      const { snapshotId: acknowledgedSnapshot, ...acknowledgedState } = acknowledged;
      if (isDeepStrictEqual(foundState, acknowledgedState)) {
        // A write in flight that changed nothing (a reorder in place) leaves a new snapshot neither.
        if (acknowledgedSnapshot !== null) expect(foundSnapshot, `round ${round}: the state is the acknowledged one, so is the snapshot`).toBe(acknowledgedSnapshot);
      } else {
        expect(inFlight, `round ${round}: the state differs from the acknowledged one with no write in flight`).not.toBeNull();
        const { snapshotId: _, ...applied } = inFlight!.apply(acknowledged);
        expect(foundState, `round ${round}: acknowledged state plus the write in flight`).toEqual(applied);
      }
      start = found;
    }
    // Every kind of write was acknowledged before some kill.
    expect([...kinds].sort()).toEqual(['add', 'create', 'remove', 'rename', 'reorder']);

    serve.child.kill('SIGTERM');
    expect((await serve.exited).code).toBe(0);
    const db = new Sqlite(database, { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  }, 120_000);
});
