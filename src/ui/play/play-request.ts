import type { Api } from '../../api/api.js';
import type { PlayTarget } from '../../api/play-context.js';
import { isUnreadable } from '../../api/list-entry.js';
import type { Album, Audiobook, Chapter, Episode, ListEntry, PlayableItem, PlaybackState, Show, SimplifiedPlaylist, Track } from '../../api/types.js';
import { sanitizeText } from '../sanitize.js';

/**
 * What Enter (or `P`) asks to play: the request for the service, the item to show at once, and the words
 * that name its context in Now playing ("from Silver Magpies"). Pure: no React, no requests.
 */
export interface PlayRequest {
  target: PlayTarget;
  /** Shown at once, until the next poll confirms it; null when not known (a playlist's first entry, say). */
  item: PlayableItem | null;
  /** `collection`: the user's liked songs, as the service names that context. */
  contextType: 'playlist' | 'show' | 'audiobook' | 'album' | 'collection';
  contextUri: string;
  /** "from Silver Magpies", "Notes on Glaciers · episode 12". */
  label: string;
}

/**
 * Why an item cannot play here ("not available in GB"), or null when it can. `market` is the user's country;
 * null when unknown, then "your market".
 */
export function unplayableReason(item: Track | Episode | Chapter, market: string | null): string | null {
  if (item.type === 'track' && item.is_local) return unavailableLine(item) ?? 'a local file';
  if (item.is_playable) return null;
  const reason = item.restrictions?.reason ?? 'market';
  if (reason !== 'market') return `restricted (${sanitizeText(reason)})`;
  return `not available in ${market ?? 'your market'}`;
}

/** Why a playlist file's line names nothing the embedded service can play, by its `restrictions.reason` (decisions §21). */
const UNAVAILABLE_LINES: Record<string, string> = {
  missing: 'its file is missing',
  outside_folder: 'its file is outside the music folder',
  not_audio: 'not an audio file of the music folder',
  not_a_file: 'a web address, not a file',
};

/** "unavailable (its file is missing)" for a playlist file's line that names no file of the music folder; null for any other track. */
export function unavailableLine(track: Track): string | null {
  const why = track.is_local && !track.is_playable ? UNAVAILABLE_LINES[track.restrictions?.reason ?? ''] : undefined;
  return why === undefined ? null : `unavailable (${why})`;
}

/** The entry at `position` of a playlist: a duplicate starts at the copy chosen, hence the position. */
export function playlistEntryRequest(playlist: SimplifiedPlaylist, item: Track | Episode, position: number): PlayRequest {
  return {
    target: { contextUri: playlist.uri, offset: { position } },
    item,
    contextType: 'playlist',
    contextUri: playlist.uri,
    label: `from ${sanitizeText(playlist.name)}`,
  };
}

/** An episode of a show, from that episode; no `position_ms`, so it starts at its resume point. */
export function showEpisodeRequest(show: Show, episode: Episode, position: number, total: number | null): PlayRequest {
  const number = total === null ? position + 1 : total - position;
  return {
    target: { contextUri: show.uri, offset: { position } },
    item: { ...episode, show: episode.show ?? show },
    contextType: 'show',
    contextUri: show.uri,
    label: `${sanitizeText(show.name)} · episode ${number}`,
  };
}

/** A chapter of an audiobook, from that chapter, at its resume point. */
export function chapterRequest(audiobook: Audiobook, chapter: Chapter): PlayRequest {
  return {
    target: { contextUri: audiobook.uri, offset: { uri: chapter.uri } },
    item: { ...chapter, audiobook: chapter.audiobook ?? audiobook },
    contextType: 'audiobook',
    contextUri: audiobook.uri,
    label: `${sanitizeText(audiobook.name)} · chapter ${chapter.chapter_number}`,
  };
}

/** A track of an album, in the album from that track (its position in the album's order). */
export function albumTrackRequest(album: Album, track: Track, position: number): PlayRequest {
  return {
    target: { contextUri: album.uri, offset: { position } },
    item: track,
    contextType: 'album',
    contextUri: album.uri,
    label: `from ${sanitizeText(album.name)}`,
  };
}

/** A track found elsewhere (a search), in its album from that track. */
export function trackInAlbumRequest(track: Track): PlayRequest {
  return {
    target: { contextUri: track.album.uri, offset: { uri: track.uri } },
    item: track,
    contextType: 'album',
    contextUri: track.album.uri,
    label: `from ${sanitizeText(track.album.name)}`,
  };
}

/**
 * An episode found elsewhere, in its show from that episode, at its resume point. A search's episodes come
 * without their show: the episode is read first for it.
 */
export async function episodeInShowRequest(api: Api, episode: Episode): Promise<PlayRequest> {
  const show = episode.show ?? (await api.getEpisode(episode.id)).show;
  if (show === null) throw new Error(`the show of ${sanitizeText(episode.name)} is not known`);
  return {
    target: { contextUri: show.uri, offset: { uri: episode.uri } },
    item: { ...episode, show },
    contextType: 'show',
    contextUri: show.uri,
    label: `${sanitizeText(show.name)} · ${sanitizeText(episode.name)}`,
  };
}

/** The user's liked songs, newest first, as the service names them: `prefix:user:ID:collection`. */
export const collectionUri = (user: { uri: string }): string => `${user.uri}:collection`;

export const LIKED_SONGS_LABEL = 'from Liked songs';

/**
 * A liked song, in the liked songs from that song. By its uri, not its place: a like made elsewhere meanwhile
 * moves every place by one, and a song is liked once.
 */
export function likedSongRequest(collection: string, track: Track): PlayRequest {
  return {
    target: { contextUri: collection, offset: { uri: track.uri } },
    item: track,
    contextType: 'collection',
    contextUri: collection,
    label: LIKED_SONGS_LABEL,
  };
}

export type WholeContext =
  | { kind: 'playlist'; playlist: SimplifiedPlaylist }
  | { kind: 'show'; show: Show }
  | { kind: 'audiobook'; audiobook: Audiobook }
  | { kind: 'album'; album: Album }
  /** The user's liked songs, by their context's uri. */
  | { kind: 'collection'; uri: string };

/** Where `P` starts a context: a position in its play order, and the item there when known (shown at once). */
export interface ContextStart {
  position: number;
  item: Episode | Chapter | null;
}

const FROM_THE_START: ContextStart = { position: 0, item: null };

/**
 * Where `P` starts a show or an audiobook: at the first item of its play order (a show's episodes newest
 * first, as the service plays them; an audiobook's chapters in order) that is not fully played and can play
 * here; no `position_ms` goes with it, so it starts at its resume point. `items` are the first `items.length`
 * of `total`. When none of them is unfinished: the item just past them if there are more (not read here), else
 * the start (everything played: from the top again).
 */
export function firstUnfinished(items: readonly ListEntry<Episode | Chapter>[], total: number): ContextStart {
  const readable = (item: ListEntry<Episode | Chapter> | undefined): Episode | Chapter | null =>
    item === undefined || isUnreadable(item) ? null : item;
  const position = items.findIndex((entry) => {
    const item = readable(entry);
    return item !== null && item.is_playable && item.resume_point?.fully_played !== true;
  });
  if (position >= 0) return { position, item: readable(items[position]) };
  return items.length < total ? { position: items.length, item: null } : { position: 0, item: readable(items[0]) };
}

/** The item with its show or audiobook, which Now playing names (list pages come without it). */
function withParent(context: WholeContext, item: Episode | Chapter): Episode | Chapter {
  if (item.type === 'episode') return context.kind === 'show' && item.show === null ? { ...item, show: context.show } : item;
  return context.kind === 'audiobook' && item.audiobook === null ? { ...item, audiobook: context.audiobook } : item;
}

/** The uri and name of a context. */
function named(context: WholeContext): { uri: string; name: string } {
  switch (context.kind) {
    case 'playlist':
      return context.playlist;
    case 'show':
      return context.show;
    case 'audiobook':
      return context.audiobook;
    case 'album':
      return context.album;
    case 'collection':
      return { uri: context.uri, name: 'Liked songs' };
  }
}

/** A playlist, an album or the liked songs from the start (`P`); a show or audiobook from `from` (see `firstUnfinished`). */
export function wholeContextRequest(context: WholeContext, from: ContextStart = FROM_THE_START): PlayRequest {
  const { uri, name } = named(context);
  return {
    target: { contextUri: uri, offset: { position: from.position } },
    item: from.item === null ? null : withParent(context, from.item),
    contextType: context.kind,
    contextUri: uri,
    label: `from ${sanitizeText(name)}`,
  };
}

/** Where the shown item starts: the request's position, else an episode's or chapter's resume point. */
export function startPosition(request: PlayRequest): number {
  if (request.target.positionMs !== undefined) return request.target.positionMs;
  const item = request.item;
  if (item === null || item.type === 'track') return 0;
  const resume = item.resume_point;
  return resume && !resume.fully_played ? resume.resume_position_ms : 0;
}

/** The playback to show until the next poll: the new item in its context, playing from its start position. */
export function optimisticPlayback(shown: PlaybackState, request: PlayRequest, now: number): PlaybackState {
  if (request.item === null) return shown;
  return {
    ...shown,
    item: request.item,
    context: { type: request.contextType, uri: request.contextUri, href: null },
    currently_playing_type: request.item.type === 'track' ? 'track' : 'episode',
    progress_ms: startPosition(request),
    is_playing: true,
    timestamp: now,
  };
}

/** The label of what plays, while the player still plays the context it names. */
export function contextLabel(playback: PlaybackState | null | undefined, started: PlayRequest | null): string | null {
  if (!playback || started === null || playback.context?.uri !== started.contextUri) return null;
  // Past the item started, a show's or audiobook's label (which names the item) no longer fits.
  if ((started.contextType === 'show' || started.contextType === 'audiobook') && started.item !== null && playback.item?.id !== started.item.id) {
    return `from ${started.label.split(' · ')[0]}`;
  }
  return started.label;
}
