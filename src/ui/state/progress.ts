/**
 * Playback position between polls: the service reports progress at one moment, and the dashboard
 * moves it along with the clock while playing instead of polling every second.
 */
export interface ProgressSnapshot {
  /** Position reported by the service, in ms. */
  progressMs: number;
  /** Length of the playing item, in ms. */
  durationMs: number;
  isPlaying: boolean;
  /** Epoch ms at which the snapshot was received. */
  receivedAt: number;
}

function finiteOr(value: number, fallback: number): number {
  return Number.isFinite(value) ? value : fallback;
}

/**
 * `progressMs + (now - receivedAt)` while playing, frozen while paused, clamped to `[0, durationMs]`.
 * A clock that went backwards (now before receivedAt) counts as no time passed.
 */
export function interpolateProgress(snapshot: ProgressSnapshot, now: number): number {
  const duration = Math.max(0, finiteOr(snapshot.durationMs, 0));
  const elapsed = snapshot.isPlaying ? Math.max(0, finiteOr(now - snapshot.receivedAt, 0)) : 0;
  return Math.min(duration, Math.max(0, finiteOr(snapshot.progressMs, 0) + elapsed));
}
