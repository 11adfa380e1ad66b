import type { PlaylistItem } from '../../../api/types.js';
import { sketchedItem, sketchOf } from './entry-identity.js';
import { JOURNAL_VERSION, type Journal } from './journal.js';
import type { WriteRequest } from './write-plan.js';

/**
 * The journal as text and back. Orders are written as runs of base positions (`[start, length]`), so a few
 * moves in a 10,000-entry playlist take a few runs, not 10,000 numbers; identities are written per run of
 * consecutive positions; entries added since the base by what draws them (entry-identity.ts, sketchOf).
 * Reading checks everything: a journal that is not exactly right is refused whole, never applied in part.
 * Version 1 (moves only: the order a permutation, a reorder in flight) still reads.
 */

const MARK = 'playdeck journal';

/** Runs of consecutive values: [first, count] pairs. */
function runsOf(values: ArrayLike<number>): [number, number][] {
  const runs: [number, number][] = [];
  for (let i = 0; i < values.length; ) {
    let end = i + 1;
    while (end < values.length && values[end] === values[end - 1]! + 1) end++;
    runs.push([values[i]!, end - i]);
    i = end;
  }
  return runs;
}

/** The runs of `values` as JSON list items, without the brackets: `[4,2],[0,4]`. */
function runsItems(values: ArrayLike<number>): string {
  const parts: string[] = [];
  for (let i = 0; i < values.length; ) {
    let end = i + 1;
    while (end < values.length && values[end] === values[end - 1]! + 1) end++;
    parts.push(`[${values[i]!},${end - i}]`);
    i = end;
  }
  return parts.join(',');
}

const runsJson = (values: ArrayLike<number>): string => `[${runsItems(values)}]`;

/**
 * An order is written at every move, and after a sort it is thousands of runs; a move changes a block or two of
 * it. So the order is written in blocks of rows (a run is cut at a block's edge, which reads back the same),
 * and a block's text is kept while its rows are unchanged.
 */
const ORDER_BLOCK = 2_048;
let orderBlocks: { values: Int32Array; text: string }[] = [];

function sameValues(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function orderJson(order: Int32Array): string {
  const blocks: { values: Int32Array; text: string }[] = [];
  for (let start = 0; start < order.length; start += ORDER_BLOCK) {
    const values = order.subarray(start, start + ORDER_BLOCK);
    const kept = orderBlocks[blocks.length];
    blocks.push(kept !== undefined && sameValues(kept.values, values) ? kept : { values: values.slice(), text: runsItems(values) });
  }
  orderBlocks = blocks;
  return `[${blocks.map((block) => block.text).join(',')}]`;
}

/** The identities and the touched entries change far less often than the order (once per loaded page): their text is kept. */
const identitiesText = new WeakMap<ReadonlyMap<number, string>, string>();
const identitiesBytes = new WeakMap<ReadonlyMap<number, string>, Uint8Array>();
const touchedText = new WeakMap<ReadonlySet<number>, string>();

function identitiesJson(identities: ReadonlyMap<number, string>): string {
  const cached = identitiesText.get(identities);
  if (cached !== undefined) return cached;
  const positions = [...identities.keys()].sort((a, b) => a - b);
  const groups: (number | string)[][] = [];
  for (const [start, length] of runsOf(positions)) {
    groups.push([start, ...Array.from({ length }, (_, i) => identities.get(start + i)!)]);
  }
  const text = JSON.stringify(groups);
  identitiesText.set(identities, text);
  return text;
}

function touchedJson(touched: ReadonlySet<number>): string {
  let text = touchedText.get(touched);
  if (text === undefined) touchedText.set(touched, (text = runsJson([...touched].sort((a, b) => a - b))));
  return text;
}

const addedText = new WeakMap<readonly PlaylistItem[], string>();

/** The entries added since the base, as the file keeps them; kept per list (it changes only with an addition). */
function addedJson(added: readonly PlaylistItem[]): string {
  let text = addedText.get(added);
  if (text === undefined) {
    const sketches = added.map((item) => {
      const { uri, addedAt, name, credit, durationMs } = sketchOf(item);
      return { uri, added_at: addedAt, name, credit, duration_ms: durationMs };
    });
    addedText.set(added, (text = JSON.stringify(sketches)));
  }
  return text;
}

function inFlightJson(request: WriteRequest | null): unknown {
  if (request === null) return null;
  switch (request.kind) {
    case 'move': {
      const { rangeStart, insertBefore, rangeLength } = request.move;
      return { kind: 'move', range_start: rangeStart, insert_before: insertBefore, range_length: rangeLength };
    }
    case 'remove':
      return { kind: 'remove', uris: request.uris, removed: request.change.removed.map(({ position, uri }) => [position, uri]) };
    case 'add':
      return { kind: 'add', uris: request.uris, at: request.change.inserted!.at, refs: request.change.inserted!.refs };
  }
}

/** Everything before the identities' text. */
function headText(journal: Journal): string {
  const head = {
    format: MARK, version: JOURNAL_VERSION, service: journal.service, playlist_id: journal.playlistId,
    playlist_name: journal.playlistName, snapshot_id: journal.snapshotId, total: journal.baseLength,
    change_count: journal.changeCount, acknowledged: journal.acknowledged, updated_at: journal.updatedAt,
    in_flight: inFlightJson(journal.inFlight),
  };
  const order = orderJson(journal.order);
  return `${JSON.stringify(head).slice(0, -1)},"order":${order},"added":${addedJson(journal.added)},"touched":${touchedJson(journal.touched)},"identities":`;
}

export function serializeJournal(journal: Journal): string {
  return `${headText(journal)}${identitiesJson(journal.identities)}}\n`;
}

/**
 * The same text in pieces for writing, the identities already encoded (kept per map): a move in a playlist
 * whose 10,000 entries are all known re-encodes a few kilobytes, not half a megabyte.
 */
export function journalChunks(journal: Journal): (string | Uint8Array)[] {
  let bytes = identitiesBytes.get(journal.identities);
  if (bytes === undefined) identitiesBytes.set(journal.identities, (bytes = new TextEncoder().encode(identitiesJson(journal.identities))));
  return [headText(journal), bytes, '}\n'];
}

export class JournalFormatError extends Error {
  override readonly name = 'JournalFormatError';
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

function fail(reason: string): never {
  throw new JournalFormatError(reason);
}

function runs(value: unknown, name: string, total: number): number[] {
  if (!Array.isArray(value)) fail(`${name} is not a list`);
  const values: number[] = [];
  for (const run of value) {
    if (!Array.isArray(run) || run.length !== 2 || !isCount(run[0]) || !isCount(run[1]) || run[1] === 0) fail(`${name} holds a bad run`);
    if (run[0] + run[1] > total || values.length + run[1] > total) fail(`${name} reaches past ${total} entries`);
    for (let i = 0; i < run[1]; i++) values.push(run[0] + i);
  }
  return values;
}

const isUri = (value: unknown): value is string => typeof value === 'string' && value !== '' && !value.includes(' ');

function uriList(value: unknown, name: string): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > 100 || !value.every(isUri)) fail(`bad ${name}`);
  return value as string[];
}

function parseInFlight(value: unknown, version: number, total: number, refs: number): WriteRequest | null {
  if (value === null || value === undefined) return null;
  const raw = value as Record<string, unknown>;
  const kind = version === 1 ? 'move' : raw.kind;
  if (kind === 'move') {
    const { range_start: rangeStart, insert_before: insertBefore, range_length: rangeLength } = raw;
    if (!isCount(rangeStart) || !isCount(insertBefore) || !isCount(rangeLength) || rangeLength === 0) fail('bad in_flight');
    if (rangeStart + rangeLength > total || insertBefore > total) fail('in_flight reaches past the playlist');
    return { kind: 'move', move: { rangeStart, insertBefore, rangeLength } };
  }
  if (kind === 'remove') {
    const uris = uriList(raw.uris, 'in_flight uris');
    if (!Array.isArray(raw.removed)) fail('bad in_flight removed');
    const removed = (raw.removed as unknown[]).map((pair) => {
      if (!Array.isArray(pair) || !isCount(pair[0]) || pair[0] >= total || !isUri(pair[1]) || !uris.includes(pair[1])) fail('bad in_flight removed');
      return { position: pair[0] as number, uri: pair[1] as string };
    });
    return { kind: 'remove', uris, change: { removed, inserted: null } };
  }
  if (kind === 'add') {
    const uris = uriList(raw.uris, 'in_flight uris');
    const { at } = raw;
    if (!isCount(at) || at > total || !Array.isArray(raw.refs) || raw.refs.length !== uris.length) fail('bad in_flight add');
    const added = (raw.refs as unknown[]).map((ref) => {
      if (!isCount(ref) || ref < total || ref >= refs) fail('bad in_flight refs');
      return ref as number;
    });
    return { kind: 'add', uris, change: { removed: [], inserted: { at, refs: added } } };
  }
  return fail('bad in_flight kind');
}

function parseAdded(value: unknown): PlaylistItem[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail('added is not a list');
  return value.map((raw: unknown) => {
    const { uri, added_at: addedAt, name, credit, duration_ms: durationMs } = (raw ?? {}) as Record<string, unknown>;
    if (!isUri(uri) || typeof addedAt !== 'string' || typeof name !== 'string' || typeof credit !== 'string' || !isCount(durationMs)) fail('bad added entry');
    return sketchedItem({ uri, addedAt, name, credit, durationMs });
  });
}

/** The journal `text` holds; throws a JournalFormatError saying what is wrong. */
export function parseJournal(text: string): Journal {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    fail('not JSON (cut short?)');
  }
  if (typeof body !== 'object' || body === null || (body as { format?: unknown }).format !== MARK) fail('not a playdeck journal');
  const raw = body as Record<string, unknown>;
  const version = raw.version;
  if (version !== 1 && version !== JOURNAL_VERSION) fail(`version ${String(version)}, this playdeck reads 1 to ${JOURNAL_VERSION}`);
  const { service, playlist_id, playlist_name, snapshot_id, total, acknowledged, updated_at } = raw;
  const changeCount = version === 1 ? raw.move_count : raw.change_count;
  if (typeof service !== 'string' || typeof playlist_id !== 'string' || playlist_id === '' || typeof playlist_name !== 'string') {
    fail('service or playlist missing');
  }
  if (!(snapshot_id === null || (typeof snapshot_id === 'string' && snapshot_id !== ''))) fail('bad snapshot_id');
  if (!isCount(total) || !isCount(changeCount) || !isCount(acknowledged) || !isCount(updated_at)) fail('bad counts or time');

  const added = version === 1 ? [] : parseAdded(raw.added);
  const refs = total + added.length;
  const order = runs(raw.order, 'order', refs);
  const seen = new Uint8Array(refs);
  for (const ref of order) {
    if (seen[ref]) fail(`order repeats entry ${ref}`);
    seen[ref] = 1;
  }
  if (version === 1 && order.length !== total) fail(`order holds ${order.length} of ${total} entries`);
  const touched = new Set(runs(raw.touched, 'touched', total));
  const inFlight = parseInFlight(raw.in_flight, version, total, refs);

  const identities = new Map<number, string>();
  if (!Array.isArray(raw.identities)) fail('identities is not a list');
  for (const group of raw.identities as unknown[]) {
    if (!Array.isArray(group) || !isCount(group[0])) fail('identities holds a bad group');
    const start = group[0];
    group.slice(1).forEach((identity: unknown, index) => {
      if (typeof identity !== 'string' || !identity.includes(' ')) fail(`bad identity at ${start + index}`);
      if (start + index >= total || identities.has(start + index)) fail(`identity at ${start + index} out of place`);
      identities.set(start + index, identity);
    });
  }
  // Every entry taken out must be known: a save removes it by its URI.
  for (let position = 0; position < total; position++) if (!seen[position] && !identities.has(position)) fail(`entry ${position} taken out, unknown`);
  return {
    service, playlistId: playlist_id, playlistName: playlist_name, snapshotId: snapshot_id, baseLength: total, order: Int32Array.from(order),
    added, identities, touched, changeCount, acknowledged, inFlight, updatedAt: updated_at,
  };
}
