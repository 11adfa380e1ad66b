import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { moveRange, reorderBody, type RangeMove } from '../helpers/order-model.js';
import { spawnServe, stopServe, type ServeChild } from '../helpers/serve-child.js';

/**
 * Durability from outside (decisions §7: a 200 means the change is on disk): a real `serve` on a database
 * file takes a stream of chained reorders of a 100-item playlist, is killed with SIGKILL at a seeded moment,
 * and is restarted on the same file. The order read back must be the model of every acknowledged move, or
 * that plus the one move in flight — compared item by item, since SQLite's integrity check would pass a
 * torn playlist.
 */
const SEED = 0x6b_1119;
const ROUNDS = 5;
const LENGTH = 100;
const MOVES_PER_ROUND = 400;

interface RoundPlan {
  moves: RangeMove[];
  /** The kill is armed just before this move is sent... */
  killBeforeMove: number;
  /** ...and lands this many milliseconds later, while that move or one of the next is in flight. */
  killDelayMs: number;
}

const moveArbitrary = fc
  .record({ rangeStart: fc.nat(LENGTH - 1), rangeLength: fc.integer({ min: 1, max: LENGTH }), insertBefore: fc.nat(LENGTH) })
  .map((move) => ({ ...move, rangeLength: Math.min(move.rangeLength, LENGTH - move.rangeStart) }));
const plans: RoundPlan[] = fc.sample(
  fc.record({
    moves: fc.array(moveArbitrary, { minLength: MOVES_PER_ROUND, maxLength: MOVES_PER_ROUND }),
    killBeforeMove: fc.integer({ min: 5, max: 80 }),
    killDelayMs: fc.integer({ min: 0, max: 4 }),
  }),
  { seed: SEED, numRuns: ROUNDS },
);

interface Acknowledged {
  order: string[];
  snapshotId: string;
}

const authorized = (serve: ServeChild) => ({ authorization: `Bearer ${serve.accessToken}`, 'content-type': 'application/json' });

async function getJson(serve: ServeChild, path: string): Promise<any> {
  const response = await fetch(`${serve.baseUrl}${path}`, { headers: authorized(serve) });
  expect(response.status, path).toBe(200);
  return response.json();
}

async function readBack(serve: ServeChild, playlistId: string): Promise<Acknowledged> {
  const page = await getJson(serve, `/playlists/${playlistId}/tracks?limit=${LENGTH}&fields=total,items(track(id))`);
  expect(page.total).toBe(LENGTH);
  const { snapshot_id } = await getJson(serve, `/playlists/${playlistId}?fields=snapshot_id`);
  return { order: page.items.map((item: { track: { id: string } }) => item.track.id), snapshotId: snapshot_id };
}

/** The demo user's first playlist, replaced by 100 distinct tracks taken from the 10,000-item one. */
async function preparePlaylist(serve: ServeChild): Promise<{ playlistId: string; start: Acknowledged }> {
  const listed = await getJson(serve, '/me/playlists?limit=50&fields=items(id,tracks.total)');
  const playlistId: string = listed.items[0].id;
  const big: string = listed.items.find((item: { tracks: { total: number } }) => item.tracks.total === 10_000).id;
  const distinct = new Set<string>();
  for (let offset = 0; distinct.size < LENGTH; offset += 100) {
    const page = await getJson(serve, `/playlists/${big}/tracks?limit=100&offset=${offset}&fields=items(track(id))`);
    for (const item of page.items) if (distinct.size < LENGTH) distinct.add(item.track.id);
  }
  const order = [...distinct];
  const response = await fetch(`${serve.baseUrl}/playlists/${playlistId}/tracks`, {
    method: 'PUT',
    headers: authorized(serve),
    body: JSON.stringify({ uris: order.map((id) => `playdeck:track:${id}`) }),
  });
  expect(response.status).toBe(200);
  const { snapshot_id } = (await response.json()) as { snapshot_id: string };
  return { playlistId, start: { order, snapshotId: snapshot_id } };
}

/**
 * Sends the plan's moves one after another, each naming the snapshot the previous one returned, until the
 * kill lands. Returns what was acknowledged (a 200 read in full) and the move sent but not acknowledged.
 */
async function writeUntilKilled(serve: ServeChild, playlistId: string, start: Acknowledged, plan: RoundPlan) {
  let acknowledged = start;
  let inFlight: RangeMove | null = null;
  let acknowledgedMoves = 0;
  for (const [index, move] of plan.moves.entries()) {
    if (index === plan.killBeforeMove) setTimeout(() => serve.child.kill('SIGKILL'), plan.killDelayMs);
    inFlight = move;
    let status: number;
    let body: { snapshot_id?: string };
    try {
      const response = await fetch(`${serve.baseUrl}/playlists/${playlistId}/tracks`, {
        method: 'PUT',
        headers: authorized(serve),
        body: JSON.stringify(reorderBody(move, acknowledged.snapshotId)),
      });
      status = response.status;
      body = (await response.json()) as { snapshot_id?: string };
    } catch {
      break; // the service is gone: this move may or may not have been written
    }
    expect(status, `move ${index}: ${JSON.stringify(body)}`).toBe(200);
    acknowledged = { order: moveRange(acknowledged.order, move), snapshotId: body.snapshot_id! };
    acknowledgedMoves++;
    inFlight = null;
  }
  return { acknowledged, inFlight, acknowledgedMoves };
}

let folder: string;
let serve: ServeChild | undefined;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'playdeck-kill9-'));
  return () => rmSync(folder, { recursive: true, force: true });
});
afterEach(() => stopServe(serve));

describe('SIGKILL during a stream of reorders', () => {
  it(`loses no acknowledged move and tears no playlist, ${ROUNDS} rounds (seed ${SEED})`, async () => {
    const database = join(folder, 'playdeck.db');
    const args = ['--port', '0', '--db', database];
    serve = await spawnServe(args);
    let { playlistId, start } = await preparePlaylist(serve);

    for (const [round, plan] of plans.entries()) {
      const { acknowledged, inFlight, acknowledgedMoves } = await writeUntilKilled(serve, playlistId, start, plan);
      expect((await serve.exited).signal, `round ${round}`).toBe('SIGKILL');
      expect(acknowledgedMoves, `round ${round}: moves acknowledged before the kill`).toBeGreaterThanOrEqual(plan.killBeforeMove);

      serve = await spawnServe(args);
      const found = await readBack(serve, playlistId);
      const isAcknowledged = found.order.every((id, index) => id === acknowledged.order[index]);
      if (isAcknowledged) {
        expect(found.snapshotId, `round ${round}: the order is the acknowledged one, so is the snapshot`).toBe(acknowledged.snapshotId);
      } else {
        expect(inFlight, `round ${round}: the order differs from the acknowledged one with no move in flight`).not.toBeNull();
        expect(found.order, `round ${round}: acknowledged order plus the move in flight`).toEqual(moveRange(acknowledged.order, inFlight!));
      }
      start = found;
    }

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
