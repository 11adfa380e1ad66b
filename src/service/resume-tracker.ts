import { playingItem, type ContextItem, type PlayContext } from './play-context.js';
import { progressAt, type PlayerState } from './player.js';
import type { ResumeStore } from './store/resume-points.js';

/** While an episode or chapter plays, its resume point is written at least this often. */
export const RESUME_INTERVAL_MS = 30_000;
/** ...and never more often than this. */
export const RESUME_MIN_GAP_MS = 1_000;

/** A moment of a user's player: the state and the context it plays. */
export interface PlayerMoment {
  state: PlayerState;
  context: PlayContext | null;
}

const hasResumePoint = (item: ContextItem | null): item is ContextItem => item?.type === 'episode' || item?.type === 'chapter';

/**
 * Moves resume points as the player plays (the player itself knows nothing of them): on every change of
 * state it is shown the state before and after, and writes the user's place in the episode or chapter on a
 * pause, a seek, a change of item, and every 30 s of playing; reaching the end marks the item fully played.
 * Writes closer than a second apart wait for the next change or read.
 */
export class ResumeTracker {
  private readonly lastWriteAt = new Map<string, number>();
  /** Users with a change not yet written because it came within a second of the last write. */
  private readonly pending = new Set<string>();

  /** Called when a write waits for the gap to pass, so that someone catches the player up after it. */
  onDeferred: (delayMs: number) => void = () => {};

  constructor(private readonly store: ResumeStore) {}

  observe(userId: string, before: PlayerMoment | null, after: PlayerMoment, now: number): void {
    const previous = before ? itemOf(before) : null;
    const current = itemOf(after);
    // Left: another item plays, or this one ended (a replay or a stop at its start is the same item again).
    const itemChanged = before !== null && (!sameItem(previous, current) || hasEnded(before.state, after.state));
    const lastWrite = this.lastWriteAt.get(userId) ?? -Infinity;
    const stateChanged =
      before !== null && (before.state.isPlaying !== after.state.isPlaying || before.state.changedAt !== after.state.changedAt);

    // The item left: its last position (an end is always written; a skip within the gap is not).
    if (itemChanged && hasResumePoint(previous)) {
      const leftAt = Math.min(after.state.changedAt, now);
      const { state } = before!;
      const position = state.isPlaying ? state.progressMs + (leftAt - state.changedAt) : state.progressMs;
      const ended = state.durationMs > 0 && position >= state.durationMs;
      if (ended || now - lastWrite >= RESUME_MIN_GAP_MS) {
        this.store.set(userId, previous.id, Math.min(position, state.durationMs), ended, leftAt);
        this.lastWriteAt.set(userId, now);
      }
    }
    if (!hasResumePoint(current)) {
      this.pending.delete(userId);
      return;
    }
    // An item the player stopped at (end of context, repeat off) was not played: leave it be.
    const isPlayed = after.state.isPlaying || after.state.progressMs > 0 || (stateChanged && !itemChanged);
    const due =
      (itemChanged || stateChanged || this.pending.has(userId) || (after.state.isPlaying && now - lastWrite >= RESUME_INTERVAL_MS)) && isPlayed;
    if (!due) return;
    if (now - (this.lastWriteAt.get(userId) ?? -Infinity) < RESUME_MIN_GAP_MS && !(itemChanged && this.lastWriteAt.get(userId) === now)) {
      if (!this.pending.has(userId)) this.onDeferred(RESUME_MIN_GAP_MS);
      this.pending.add(userId);
      return;
    }
    this.store.set(userId, current.id, progressAt(after.state, now), false, now);
    this.lastWriteAt.set(userId, now);
    this.pending.delete(userId);
  }
}

function itemOf(moment: PlayerMoment): ContextItem | null {
  return playingItem(moment.state, moment.context);
}

function hasEnded(before: PlayerState, after: PlayerState): boolean {
  if (!before.isPlaying || after.changedAt === before.changedAt || before.durationMs === 0) return false;
  return before.progressMs + (after.changedAt - before.changedAt) >= before.durationMs;
}

function sameItem(one: ContextItem | null, other: ContextItem | null): boolean {
  return one?.id === other?.id && one?.type === other?.type;
}
