import type { ServiceContext } from '../context.js';
import { cacheKey, type CacheKey } from './cache.js';
import type { Playback } from '../playback.js';
import { contextUriOf, type ContextType } from '../play-context.js';
import { ORIGIN, externalUrlsOf } from '../store/documents.js';
import { withOrigin } from './catalog.js';

export interface PlaybackRequest {
  market: string | null;
  userId: string;
  origin: string;
  /** `additional_types` includes `episode`: otherwise an episode playing is sent as `item: null`. */
  acceptsEpisodes: boolean;
}

/**
 * The item playing and `currently_playing_type`. An episode, and a chapter (sent whole, with its
 * `audiobook`, typed `episode` as the spec types chapters), is hidden from clients that did not ask for
 * episodes (§8).
 */
function itemOf(context: ServiceContext, playback: Playback, request: PlaybackRequest): { item: string; type: string } {
  const playing = context.playback.itemOf(playback);
  if (!playing) return { item: 'null', type: 'unknown' };
  if (playing.type === 'track') {
    const track = context.catalog.track(playing.id);
    return { item: track ? context.render.track(track, request.market, request.origin) : 'null', type: 'track' };
  }
  if (!request.acceptsEpisodes) return { item: 'null', type: 'episode' };
  if (playing.type === 'episode') {
    const episode = context.catalog.episode(playing.id);
    return { item: episode ? context.render.episode(episode, request.market, request.userId, request.origin) : 'null', type: 'episode' };
  }
  const chapter = context.catalog.chapter(playing.id);
  return { item: chapter ? context.render.chapter(chapter, request.market, request.userId, request.origin, false) : 'null', type: 'episode' };
}

// Everything but `progress_ms` only changes with the state object (the clock returns the same object while
// nothing changes) and the resume points its item carries, so the JSON around the progress is built once
// per state, resume version and request variant.
const rendered = new WeakMap<object, { key: CacheKey; before: string; after: string }>();

/** The playback state object; `actions` carries the spec's flat booleans and the real service's `disallows`. */
export function renderPlayback(context: ServiceContext, playback: Playback, request: PlaybackRequest): string {
  const parts = [playback.context?.revision, request.market, request.userId, request.origin, request.acceptsEpisodes];
  const key = cacheKey(context.versions, { kind: 'playback', covers: ['resume'], parts });
  let around = rendered.get(playback.state);
  if (around?.key !== key) {
    around = { key, ...renderAroundProgress(context, playback, request) };
    rendered.set(playback.state, around);
  }
  return `${around.before}${playback.progressMs}${around.after}`;
}

const CONTEXT_PATHS = { playlist: 'playlists', show: 'shows', audiobook: 'audiobooks', album: 'albums' } as const;

function contextJson(playback: Playback, origin: string): string {
  const played = playback.context;
  return played?.type && played.id ? contextObjectJson(played.type, played.id, origin) : 'null';
}

/** The context object of what plays (or played, in the history): a playlist, show, audiobook, album or liked songs. */
export function contextObjectJson(type: ContextType, id: string, origin: string): string {
  // Liked songs are the user's collection, read at /me/tracks (as the real service names them).
  return withOrigin(
    JSON.stringify({
      type,
      href: type === 'collection' ? `${ORIGIN}/v1/me/tracks` : `${ORIGIN}/v1/${CONTEXT_PATHS[type]}/${id}`,
      external_urls: type === 'collection' ? { playdeck: 'https://playdeck.example/collection/tracks' } : externalUrlsOf(type, id),
      uri: contextUriOf(type, id),
    }),
    origin,
  );
}

function renderAroundProgress(context: ServiceContext, playback: Playback, request: PlaybackRequest): { before: string; after: string } {
  const { state } = playback;
  const actions = context.playback.actions(playback);
  const disallows = Object.fromEntries(Object.entries(actions).filter(([, allowed]) => !allowed).map(([name]) => [name, true]));
  const { item, type } = itemOf(context, playback, request);
  return {
    before:
      `{"device":${JSON.stringify(state.device)},"repeat_state":"${state.repeat}","shuffle_state":${state.shuffle},` +
      `"context":${contextJson(playback, request.origin)},"timestamp":${state.changedAt},"progress_ms":`,
    after:
      `,"is_playing":${state.isPlaying},"item":${item},"currently_playing_type":"${type}",` +
      `"actions":${JSON.stringify({ ...actions, disallows })}}`,
  };
}
