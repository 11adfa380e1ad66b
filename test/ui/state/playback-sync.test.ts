import { describe, expect, it } from 'vitest';
import type { PlaybackState } from '../../../src/api/types.js';
import { agreesWithShown, finishedListening, PROGRESS_TOLERANCE_MS } from '../../../src/ui/state/playback-sync.js';
import { createFakeApi } from '../../helpers/fake-api.js';

const RECEIVED_AT = 1_000_000;

function playing(): PlaybackState {
  const state = createFakeApi().currentPlayback()!;
  return { ...state, is_playing: true, progress_ms: 30_000, timestamp: RECEIVED_AT };
}

describe('agreesWithShown', () => {
  it('holds for a later answer whose progress is where the clock has it, within the tolerance', () => {
    const shown = playing();
    const now = RECEIVED_AT + 5_000;
    for (const offset of [0, PROGRESS_TOLERANCE_MS, -PROGRESS_TOLERANCE_MS]) {
      const next = { ...structuredClone(shown), progress_ms: 35_000 + offset, timestamp: now };
      expect(agreesWithShown(shown, RECEIVED_AT, next, now)).toBe(true);
    }
  });

  it('fails for a progress off the clock: a seek, or a player that stalled', () => {
    const shown = playing();
    const now = RECEIVED_AT + 5_000;
    expect(agreesWithShown(shown, RECEIVED_AT, { ...shown, progress_ms: 35_000 + PROGRESS_TOLERANCE_MS + 1 }, now)).toBe(false);
    expect(agreesWithShown(shown, RECEIVED_AT, { ...shown, progress_ms: 30_000 }, now)).toBe(false);
  });

  it('fails when anything else changed, however deep', () => {
    const shown = playing();
    const now = RECEIVED_AT + 5_000;
    const at = (patch: Partial<PlaybackState>) => ({ ...structuredClone(shown), progress_ms: 35_000, ...patch });
    expect(agreesWithShown(shown, RECEIVED_AT, at({ is_playing: false }), now)).toBe(false);
    expect(agreesWithShown(shown, RECEIVED_AT, at({ shuffle_state: !shown.shuffle_state }), now)).toBe(false);
    expect(agreesWithShown(shown, RECEIVED_AT, at({ device: { ...shown.device, volume_percent: 3 } }), now)).toBe(false);
    expect(agreesWithShown(shown, RECEIVED_AT, at({ item: { ...shown.item!, name: 'Another' } as PlaybackState['item'] }), now)).toBe(false);
  });

  it('compares paused states by their frozen positions', () => {
    const shown = { ...playing(), is_playing: false };
    const now = RECEIVED_AT + 60_000;
    expect(agreesWithShown(shown, RECEIVED_AT, { ...shown, timestamp: now }, now)).toBe(true);
    expect(agreesWithShown(shown, RECEIVED_AT, { ...shown, progress_ms: 10_000 }, now)).toBe(false);
  });
});

describe('finishedListening', () => {
  const api = createFakeApi();
  const [first, second] = api.catalog.episodes;
  const track = playing();
  /** `first` (20 minutes long) playing at `progressMs`. */
  const onEpisode = (progressMs: number, patch: Partial<PlaybackState> = {}): PlaybackState =>
    ({ ...track, item: first!, currently_playing_type: 'episode', progress_ms: progressMs, ...patch });
  const at = (state: PlaybackState | null, time: number) => ({ state, at: time });

  it('holds when another item, or none, takes an episode\'s place', () => {
    const before = at(onEpisode(60_000), RECEIVED_AT);
    expect(finishedListening(before, at({ ...onEpisode(0), item: second! }, RECEIVED_AT + 5_000))).toBe(true);
    expect(finishedListening(before, at(track, RECEIVED_AT + 5_000))).toBe(true);
    expect(finishedListening(before, at(null, RECEIVED_AT + 5_000))).toBe(true);
  });

  it('holds when the episode reached its end and started again, not when it only moved on or paused', () => {
    const duration = first!.duration_ms;
    const nearEnd = at(onEpisode(duration - 2_000), RECEIVED_AT);
    expect(finishedListening(nearEnd, at(onEpisode(0, { is_playing: false }), RECEIVED_AT + 2_500))).toBe(true);
    expect(finishedListening(nearEnd, at(onEpisode(duration - 1_000), RECEIVED_AT + 1_000))).toBe(false);
    expect(finishedListening(nearEnd, at(onEpisode(duration), RECEIVED_AT + 2_500))).toBe(false);
    const paused = at(onEpisode(duration - 2_000, { is_playing: false }), RECEIVED_AT);
    expect(finishedListening(paused, at(onEpisode(0, { is_playing: false }), RECEIVED_AT + 60_000))).toBe(false);
  });

  it('ignores what follows a track, or nothing playing', () => {
    expect(finishedListening(at(track, RECEIVED_AT), at({ ...onEpisode(0) }, RECEIVED_AT + 5_000))).toBe(false);
    expect(finishedListening(at(null, RECEIVED_AT), at(onEpisode(0), RECEIVED_AT + 5_000))).toBe(false);
  });
});
