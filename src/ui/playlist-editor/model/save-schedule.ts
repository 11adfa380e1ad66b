/**
 * When a playlist's moves are saved: after a short idle once the last move is made, at once on `w`, one
 * save at a time, and again with a growing wait after a failure. Pure: the save loop feeds it events with
 * the time and arms one timer for `dueAt`.
 */

/** The idle pause after the last move before the moves are saved by themselves. */
export const IDLE_SAVE_MS = 1_500;
const FIRST_RETRY_MS = 2_000;
const LONGEST_RETRY_MS = 30_000;

export type SavePhase =
  /** Nothing unsaved. */
  | { kind: 'saved' }
  /** Moves unsaved; a save starts at `dueAt`. */
  | { kind: 'waiting'; dueAt: number }
  /** A save is under way; `nextDueAt` is when to save again if moves are left once it lands. */
  | { kind: 'saving'; attempt: number; nextDueAt: number | null }
  /** The last save failed; it is tried again at `dueAt`. */
  | { kind: 'retrying'; attempt: number; dueAt: number; reason: string }
  /** The last save failed in a way that waiting cannot mend (refused, gone): only `w` tries again. */
  | { kind: 'stopped'; reason: string };

export type SaveEvent =
  /** The user changed the order at `at`. */
  | { type: 'moved'; at: number }
  /** `w` (or quitting with "save"). */
  | { type: 'saveNow'; at: number }
  | { type: 'started' }
  /** The save landed; `isDirty` when moves made meanwhile are still unsaved. */
  | { type: 'landed'; at: number; isDirty: boolean }
  | { type: 'failed'; at: number; reason: string; canRetry: boolean };

export const SAVED: SavePhase = { kind: 'saved' };

/** 2 s, 4 s, 8 s… up to 30 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1));
}

export function saveScheduleReducer(phase: SavePhase, event: SaveEvent): SavePhase {
  switch (event.type) {
    case 'moved':
      if (phase.kind === 'saved' || phase.kind === 'waiting') return { kind: 'waiting', dueAt: event.at + IDLE_SAVE_MS };
      // A save under way saves them next; a failed one keeps its own wait rather than hammer the service.
      if (phase.kind === 'saving') return { ...phase, nextDueAt: event.at + IDLE_SAVE_MS };
      return phase;
    case 'saveNow':
      if (phase.kind === 'saving') return { ...phase, nextDueAt: event.at };
      return { kind: 'waiting', dueAt: event.at };
    case 'started':
      return { kind: 'saving', attempt: phase.kind === 'retrying' ? phase.attempt : 0, nextDueAt: null };
    case 'landed':
      if (!event.isDirty) return SAVED;
      return { kind: 'waiting', dueAt: Math.max(event.at, phase.kind === 'saving' ? (phase.nextDueAt ?? event.at) : event.at) };
    case 'failed': {
      if (!event.canRetry) return { kind: 'stopped', reason: event.reason };
      const attempt = (phase.kind === 'saving' ? phase.attempt : 0) + 1;
      return { kind: 'retrying', attempt, dueAt: event.at + retryDelayMs(attempt), reason: event.reason };
    }
  }
}

/** When the loop should start a save, or null for "not by itself". */
export function dueAt(phase: SavePhase): number | null {
  return phase.kind === 'waiting' || phase.kind === 'retrying' ? phase.dueAt : null;
}

/** Moves exist that the service does not have (or may not have: a save under way or failed). */
export function hasUnsavedMoves(phase: SavePhase): boolean {
  return phase.kind !== 'saved';
}

/** The status line for a failed save. */
export function failureText(phase: SavePhase, now: number): string | null {
  if (phase.kind === 'stopped') return `save failed: ${phase.reason} — w tries again`;
  if (phase.kind !== 'retrying') return null;
  return `save failed: ${phase.reason} — retrying in ${Math.max(1, Math.round((phase.dueAt - now) / 1000))} s`;
}
