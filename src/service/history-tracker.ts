import { playingItem } from './play-context.js';
import type { PlayerMoment } from './resume-tracker.js';
import type { HistoryStore } from './store/history.js';

/** A track counts as played once it played this long, or to its end (as the real service counts a play). */
export const PLAYED_AFTER_MS = 30_000;

/**
 * Writes what the player played to the history (GET /me/player/recently-played): shown every change of a
 * player's state, as the resume tracker is, it records the track the player left (another item started,
 * or it ended and replays) when it played long enough, at the moment it was left, with its context. The
 * clock is lazy: tracks it passed over while nobody asked (hours of a playlist left playing) are not
 * listed, only the one it left and, later, the one it plays. Episodes and chapters are not listed, as on
 * the real service.
 */
export class HistoryTracker {
  constructor(private readonly store: HistoryStore) {}

  observe(userId: string, before: PlayerMoment | null, after: PlayerMoment, now: number): void {
    if (!before) return;
    const left = playingItem(before.state, before.context);
    if (left?.type !== 'track') return;
    const { state } = before;
    // A state never caught up does not know its item's duration yet (0): the context does.
    const durationMs = state.durationMs > 0 || state.queued ? state.durationMs : (before.context?.clock.durationAt(state.index) ?? 0);
    const endsAt = state.isPlaying && durationMs > 0 ? state.changedAt + Math.max(0, durationMs - state.progressMs) : Infinity;
    const ended = endsAt <= now;
    const current = playingItem(after.state, after.context);
    const replaced = current?.type !== left.type || current.id !== left.id || after.state.contextUri !== state.contextUri;
    if (!ended && !replaced) return;
    const leftAt = Math.min(endsAt, now);
    const position = state.isPlaying ? state.progressMs + (leftAt - state.changedAt) : state.progressMs;
    if (!ended && position < Math.min(PLAYED_AFTER_MS, durationMs)) return;
    this.store.record(userId, { trackId: left.id, playedAt: leftAt, contextUri: state.queued ? null : state.contextUri });
  }
}
