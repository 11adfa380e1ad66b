/**
 * The fault soak's plan, as plain data from a seed: when each fault starts and stops, and which keys the
 * simulated user presses. The same seed gives the same plan (what the dashboard sends in answer to it
 * depends on timing, and is not part of the plan).
 */
import type { Fault } from './fault-proxy.js';

/** mulberry32: a small seeded generator, uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface FaultPhase {
  /** Milliseconds from the start of the soak. */
  startMs: number;
  endMs: number;
  fault: Fault;
  /** The share of requests it hits while on (1: every one). */
  share: number;
  /** How many requests it hits at most (the one 401). */
  times?: number;
  label: string;
}

/** How long a stalled answer is held: longer than the client waits for response headers. */
export const STALL_MS = 10_000;

const json = (status: number, message: string): string => JSON.stringify({ error: { status, message } });

function pick<T>(random: () => number, choices: readonly T[]): T {
  return choices[Math.floor(random() * choices.length)]!;
}

function randomFault(random: () => number): { fault: Fault; label: string } {
  switch (pick(random, ['429-after', '429', '500', 'drop', 'drop-after-forward', 'stall'] as const)) {
    case '429-after': {
      const seconds = 1 + Math.floor(random() * 5);
      return {
        fault: { kind: 'status', status: 429, headers: { 'retry-after': String(seconds) }, body: json(429, 'API rate limit exceeded') },
        label: `429 Retry-After ${seconds}`,
      };
    }
    case '429':
      return { fault: { kind: 'status', status: 429, body: json(429, 'API rate limit exceeded') }, label: '429' };
    case '500':
      return { fault: { kind: 'status', status: 500, body: json(500, 'Injected failure') }, label: '500' };
    case 'drop':
      return { fault: { kind: 'drop' }, label: 'drop' };
    case 'drop-after-forward':
      return { fault: { kind: 'drop-after-forward' }, label: 'drop after forward' };
    case 'stall':
      return { fault: { kind: 'delay', ms: STALL_MS }, label: `${STALL_MS / 1000} s stall` };
  }
}

const unauthorized = (startMs: number, endMs: number): FaultPhase => ({
  startMs,
  endMs,
  fault: { kind: 'status', status: 401, body: json(401, 'The access token expired') },
  share: 1,
  times: 1,
  label: '401',
});

/**
 * Faults of 1–6 s with calm gaps of 0.5–4 s between them, over `durationMs`; about halfway (or last, in a
 * short soak), one 401 for a single request: the token refused once, as after an expiry, and a fixed token
 * cannot be refreshed.
 */
export function faultSchedule(seed: number, durationMs: number): FaultPhase[] {
  const random = seededRandom(seed);
  const phases: FaultPhase[] = [];
  let at = 500 + random() * 2_000;
  let unauthorizedPlaced = false;
  while (at < durationMs) {
    const endMs = Math.min(durationMs, at + 1_000 + random() * 5_000);
    if (!unauthorizedPlaced && at > durationMs / 2) {
      unauthorizedPlaced = true;
      phases.push(unauthorized(at, endMs));
    } else {
      phases.push({ startMs: at, endMs, share: random() < 0.5 ? 1 : 0.5, ...randomFault(random) });
    }
    at = endMs + 500 + random() * 3_500;
  }
  const last = phases.at(-1);
  if (!unauthorizedPlaced && last) phases[phases.length - 1] = unauthorized(last.startMs, last.endMs);
  return phases;
}

/**
 * What the simulated user presses: moving around every pane, opening and leaving a playlist, reordering in
 * it and saving, help, play/pause and skips. Never `q` or Ctrl+C: the dashboard must still be there at the end.
 */
const KEYS = ['j', 'j', 'k', 'g', 'G', 'PageDown', 'PageUp', 'Tab', 'BTab', '1', '2', '3', '4', 'Enter', 'Escape', '?', 'J', 'K', 'v', 'u', 'C-r', 'w', 'Space', 'n', 'p', 'Left', 'Right', 's', 'r'] as const;

export interface KeyPress {
  key: string;
  /** Milliseconds to wait after it, as a person between keys. */
  pauseMs: number;
}

export function keyPlan(seed: number): () => KeyPress {
  const random = seededRandom(seed ^ 0x5eed);
  return () => ({ key: pick(random, KEYS), pauseMs: 150 + Math.floor(random() * 450) });
}
