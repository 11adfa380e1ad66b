import type { ServiceContext } from '../context.js';
import type { Playback } from '../playback.js';
import { ORIGIN, externalUrlsOf, uriOf } from '../store/documents.js';
import { withOrigin } from './catalog.js';

export interface PlaybackRequest {
  market: string | null;
  userId: string;
  origin: string;
  /** `additional_types` includes `episode`: otherwise an episode playing is sent as `item: null`. */
  acceptsEpisodes: boolean;
}

/** The item playing and its type; an episode is hidden from clients that did not ask for episodes (§8). */
function itemOf(context: ServiceContext, playback: Playback, request: PlaybackRequest): { item: string; type: string } {
  const entryId = playback.playlist?.order[playback.index];
  const entry = entryId === undefined ? undefined : playback.playlist!.entries.get(entryId);
  if (!entry) return { item: 'null', type: 'unknown' };
  if (entry.type === 'track') {
    const track = context.catalog.track(entry.itemId);
    return { item: track ? context.render.track(track, request.market, request.origin) : 'null', type: 'track' };
  }
  const episode = context.catalog.episode(entry.itemId);
  if (!episode || !request.acceptsEpisodes) return { item: 'null', type: 'episode' };
  return { item: context.render.episode(episode, request.market, request.userId, request.origin), type: 'episode' };
}

// Everything but `progress_ms` only changes with the state object (the clock returns the same object while
// nothing changes), so the JSON around the progress is built once per state and request variant.
const rendered = new WeakMap<object, { key: string; before: string; after: string }>();

/** The playback state object; `actions` carries the spec's flat booleans and the real service's `disallows`. */
export function renderPlayback(context: ServiceContext, playback: Playback, request: PlaybackRequest): string {
  const key = `${playback.playlist?.snapshotId}|${request.market}|${request.userId}|${request.origin}|${request.acceptsEpisodes}`;
  let parts = rendered.get(playback.state);
  if (parts?.key !== key) {
    parts = { key, ...renderAroundProgress(context, playback, request) };
    rendered.set(playback.state, parts);
  }
  return `${parts.before}${playback.progressMs}${parts.after}`;
}

function renderAroundProgress(context: ServiceContext, playback: Playback, request: PlaybackRequest): { before: string; after: string } {
  const { state } = playback;
  const actions = context.playback.actions(playback);
  const disallows = Object.fromEntries(Object.entries(actions).filter(([, allowed]) => !allowed).map(([name]) => [name, true]));
  const playlistId = playback.playlist?.id;
  const playlistContext = playlistId
    ? withOrigin(
        JSON.stringify({
          type: 'playlist',
          href: `${ORIGIN}/v1/playlists/${playlistId}`,
          external_urls: externalUrlsOf('playlist', playlistId),
          uri: uriOf('playlist', playlistId),
        }),
        request.origin,
      )
    : 'null';
  const { item, type } = itemOf(context, playback, request);
  return {
    before:
      `{"device":${JSON.stringify(state.device)},"repeat_state":"${state.repeat}","shuffle_state":${state.shuffle},` +
      `"context":${playlistContext},"timestamp":${state.changedAt},"progress_ms":`,
    after:
      `,"is_playing":${state.isPlaying},"item":${item},"currently_playing_type":"${type}",` +
      `"actions":${JSON.stringify({ ...actions, disallows })}}`,
  };
}
