/**
 * What `playdeck status` and a running dashboard say over the status socket: one request line of JSON, one
 * answer line, then the connection closes (but for `follow`, answered again at each change until either side
 * hangs up). Versioned, so that an older dashboard refuses a newer question in words instead of misreading it.
 */
import type { PlaybackState } from '../api/types.js';
import type { SleepTimer } from '../ui/state/sleep-timer.js';

export const PROTOCOL_VERSION = 1;

/** Longer lines are refused: nothing legitimate comes near it, and a reader must not buffer without end. */
export const MAX_REQUEST_BYTES = 4_096;
/** An answer carries one playback state: a few kB. */
export const MAX_ANSWER_BYTES = 1_000_000;

export type StatusRequest =
  | { v: typeof PROTOCOL_VERSION; op: 'status' }
  /** The dashboard's own memory, for the soak in the bench (its heap cannot be read from outside). */
  | { v: typeof PROTOCOL_VERSION; op: 'memory' }
  /** A player command as typed (`seek`, `+10`): the dashboard reads it with the same parser. */
  | { v: typeof PROTOCOL_VERSION; op: 'run'; name: string; argument?: string }
  /** `playdeck add`: what plays, to the playlist `to` names (absent: the one last added to). */
  | { v: typeof PROTOCOL_VERSION; op: 'add'; to?: string }
  /** `status --follow`: the playback now, then again after each change, one line each, on the same connection. */
  | { v: typeof PROTOCOL_VERSION; op: 'follow' }
  /** `playdeck sleep`: the sleep timer's words as typed (`30m`, `end`, `off`), read by the dashboard's parser. */
  | { v: typeof PROTOCOL_VERSION; op: 'sleep'; argument: string };

export type StatusAnswer =
  /** The dashboard's playback (null: nothing playing) and when it arrived, epoch ms. */
  | { ok: true; playback: PlaybackState | null; receivedAt: number }
  /** What `process.memoryUsage()` says, in bytes. */
  | { ok: true; memory: DashboardMemory }
  /** The sleep timer as set (null: off). */
  | { ok: true; sleep: SleepTimer | null }
  /** A command accepted. */
  | { ok: true }
  /** Done, in the dashboard's words (`added “Song” to Silver Magpies`). */
  | { ok: true; said: string }
  /** Refused, in the dashboard's words. */
  | { ok: false; reason: string };

export interface DashboardMemory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** Of the heap, what holds compiled code (V8's code spaces). */
  code: number;
}

const MEMORY_FIELDS = ['rss', 'heapUsed', 'heapTotal', 'external', 'arrayBuffers', 'code'] as const;

export function encode(message: StatusRequest | StatusAnswer): string {
  return `${JSON.stringify(message)}\n`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The request in `line`, or why it is not one. */
export function decodeRequest(line: string): StatusRequest | { invalid: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { invalid: 'the request is not JSON' };
  }
  if (!isObject(value)) return { invalid: 'the request is not an object' };
  if (value.v !== PROTOCOL_VERSION) return { invalid: `this dashboard speaks version ${PROTOCOL_VERSION} of the status protocol` };
  if (value.op === 'status' || value.op === 'memory' || value.op === 'follow') return { v: PROTOCOL_VERSION, op: value.op };
  if (value.op === 'sleep' && typeof value.argument === 'string') return { v: PROTOCOL_VERSION, op: 'sleep', argument: value.argument };
  if (value.op === 'run' && typeof value.name === 'string' && (value.argument === undefined || typeof value.argument === 'string')) {
    return { v: PROTOCOL_VERSION, op: 'run', name: value.name, ...(value.argument === undefined ? {} : { argument: value.argument }) };
  }
  if (value.op === 'add' && (value.to === undefined || typeof value.to === 'string')) {
    return { v: PROTOCOL_VERSION, op: 'add', ...(value.to === undefined ? {} : { to: value.to }) };
  }
  return { invalid: 'unknown request' };
}

/** The answer in `line`, or null when it is none (a different program on the socket, a cut answer). */
export function decodeAnswer(line: string): StatusAnswer | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (!isObject(value)) return null;
  if (value.ok === false) return typeof value.reason === 'string' ? { ok: false, reason: value.reason } : null;
  if (value.ok !== true) return null;
  if ('memory' in value) {
    const { memory } = value;
    if (!isObject(memory) || !MEMORY_FIELDS.every((field) => typeof memory[field] === 'number')) return null;
    return { ok: true, memory: Object.fromEntries(MEMORY_FIELDS.map((field) => [field, memory[field]])) as unknown as DashboardMemory };
  }
  if (typeof value.said === 'string') return { ok: true, said: value.said };
  if ('sleep' in value) {
    const timer = sleepTimerOf(value.sleep);
    return timer === undefined ? null : { ok: true, sleep: timer };
  }
  if (!('playback' in value)) return { ok: true };
  const { playback, receivedAt } = value;
  if (!(playback === null || isObject(playback)) || typeof receivedAt !== 'number') return null;
  return { ok: true, playback: playback as PlaybackState | null, receivedAt };
}

/** A sleep timer as the dashboard sent it; undefined when it is none. */
function sleepTimerOf(value: unknown): SleepTimer | null | undefined {
  if (value === null) return null;
  if (!isObject(value)) return undefined;
  if (value.kind === 'end') return { kind: 'end' };
  if (value.kind === 'at' && typeof value.at === 'number' && Number.isFinite(value.at)) return { kind: 'at', at: value.at };
  return undefined;
}
