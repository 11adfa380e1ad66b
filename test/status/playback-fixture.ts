/** Playback states for the status tests, built the way the client builds them: normalised from a body. */
import { normalizePlaybackState } from '../../src/api/normalize-player.js';
import type { PlaybackState } from '../../src/api/types.js';

export const TRACK = {
  type: 'track', id: 't1', name: 'Feather of Quillhaven', uri: 'playdeck:track:t1', duration_ms: 225_000,
  artists: [{ id: 'a1', name: 'Echo Engines', type: 'artist' }, { id: 'a2', name: 'Sallow', type: 'artist' }],
  album: { id: 'al1', name: 'Live at the Reverie', type: 'album', artists: [] },
};

export const EPISODE = {
  type: 'episode', id: 'e1', name: 'The Long Quiet', uri: 'playdeck:episode:e1', duration_ms: 3_600_000,
  show: { type: 'show', id: 's1', name: 'Night Signals', publisher: 'Orbit Radio' },
};

export const CHAPTER = {
  type: 'chapter', id: 'c1', name: 'Chapter One', uri: 'playdeck:chapter:c1', duration_ms: 600_000, chapter_number: 1,
  audiobook: { type: 'audiobook', id: 'b1', name: 'The Lighthouse', authors: [{ name: 'Ada Vale' }, { name: 'Bo Lin' }] },
};

/** A state playing `item` 83 s in, on a speaker at 40 %, with every action permitted unless `body` says. */
export function playback(body: Record<string, unknown> = {}): PlaybackState {
  const state = normalizePlaybackState({
    device: { id: 'd1', name: 'Study speaker', type: 'Speaker', volume_percent: 40, is_active: true, supports_volume: true },
    repeat_state: 'context',
    shuffle_state: true,
    context: { type: 'playlist', uri: 'playdeck:playlist:p1', href: null },
    timestamp: 0,
    progress_ms: 83_000,
    is_playing: true,
    item: TRACK,
    currently_playing_type: 'track',
    actions: {},
    ...body,
  });
  if (state === null) throw new Error('not a playback state');
  return state;
}
