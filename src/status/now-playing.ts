/**
 * What `playdeck status` can say about the player, as plain values: every text sanitized as the dashboard
 * sanitizes it, the position interpolated to the moment asked. Pure; no React, no Ink, no client.
 */
import type { PlaybackState, PlayableItem, RepeatState } from '../api/types.js';
import { sanitizeText } from '../ui/sanitize.js';
import { interpolateProgress } from '../ui/state/progress.js';

export type PlayerState = 'playing' | 'paused' | 'stopped';

export interface NowPlaying {
  state: PlayerState;
  title: string;
  /** A track's artists, an episode's publisher, a chapter's authors; joined with ", ". */
  artists: string;
  /** A track's album. */
  album: string;
  /** An episode's show, or a chapter's audiobook. */
  show: string;
  /** The kind of thing playing from: `playlist`, `album`, `show`... ('' when none). */
  context: string;
  device: string;
  /** 0–100, null when the device does not say. */
  volume: number | null;
  elapsedMs: number;
  durationMs: number;
  remainingMs: number;
  /** Whole percent of the item played, 0–100. */
  percent: number;
  shuffle: boolean;
  repeat: RepeatState;
}

export const NOTHING_PLAYING: NowPlaying = {
  state: 'stopped',
  title: '',
  artists: '',
  album: '',
  show: '',
  context: '',
  device: '',
  volume: null,
  elapsedMs: 0,
  durationMs: 0,
  remainingMs: 0,
  percent: 0,
  shuffle: false,
  repeat: 'off',
};

function names(list: readonly { name: string }[]): string {
  return list.map((each) => sanitizeText(each.name)).join(', ');
}

function sources(item: PlayableItem | null): Pick<NowPlaying, 'artists' | 'album' | 'show'> {
  switch (item?.type) {
    case 'track':
      return { artists: names(item.artists), album: sanitizeText(item.album.name), show: '' };
    case 'episode':
      return { artists: sanitizeText(item.show?.publisher), album: '', show: sanitizeText(item.show?.name) };
    case 'chapter':
      return { artists: names(item.audiobook?.authors ?? []), album: '', show: sanitizeText(item.audiobook?.name) };
    default:
      return { artists: '', album: '', show: '' };
  }
}

/** The player as of `now`, from a state received at `receivedAt` (epoch ms); null is nothing playing. */
export function nowPlayingOf(playback: PlaybackState | null, receivedAt: number, now: number): NowPlaying {
  if (playback === null) return NOTHING_PLAYING;
  const { item } = playback;
  const durationMs = Math.max(0, item?.duration_ms ?? 0);
  const elapsedMs = Math.floor(
    interpolateProgress({ progressMs: playback.progress_ms, durationMs, isPlaying: playback.is_playing, receivedAt }, now),
  );
  const volume = playback.device.volume_percent;
  return {
    state: playback.is_playing ? 'playing' : 'paused',
    // The dashboard's words for an item the service does not describe.
    title: item ? sanitizeText(item.name) : `Something unnamed (${sanitizeText(playback.currently_playing_type)})`,
    ...sources(item),
    context: sanitizeText(playback.context?.type ?? ''),
    device: sanitizeText(playback.device.name),
    volume: volume === null ? null : Math.min(100, Math.max(0, Math.round(volume))),
    elapsedMs,
    durationMs,
    remainingMs: durationMs - elapsedMs,
    percent: durationMs > 0 ? Math.floor((elapsedMs * 100) / durationMs) : 0,
    shuffle: playback.shuffle_state,
    repeat: playback.repeat_state,
  };
}
