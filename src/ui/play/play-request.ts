import type { PlayTarget } from '../../api/play-context.js';
import type { Audiobook, Chapter, Episode, PlayableItem, PlaybackState, Show, SimplifiedPlaylist, Track } from '../../api/types.js';
import { sanitizeText } from '../sanitize.js';

/**
 * What Enter (or `P`) asks to play: the request for the service, the item to show at once, and the words
 * that name its context in Now playing ("from Silver Magpies"). Pure: no React, no requests.
 */
export interface PlayRequest {
  target: PlayTarget;
  /** Shown at once, until the next poll confirms it; null when the service picks (a show's first unfinished). */
  item: PlayableItem | null;
  contextType: 'playlist' | 'show' | 'audiobook';
  contextUri: string;
  /** "from Silver Magpies", "Notes on Glaciers · episode 12". */
  label: string;
}

/** Why an item cannot play here (for the status line), or null when it can. */
export function refusalOf(item: Track | Episode | Chapter, market: string | null): string | null {
  if (item.type === 'track' && item.is_local) return "can't play: a local file";
  if (item.is_playable) return null;
  return market === null ? "can't play: not available in your market" : `can't play: not available in ${market}`;
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

/** A playlist, show or audiobook from its start (`P`); a show or audiobook from its first unfinished item. */
export function wholeContextRequest(
  context: { kind: 'playlist'; playlist: SimplifiedPlaylist } | { kind: 'show'; show: Show } | { kind: 'audiobook'; audiobook: Audiobook },
  firstUnfinished: { position: number; item: Episode | Chapter } | null = null,
): PlayRequest {
  const { uri, name } = context.kind === 'playlist' ? context.playlist : context.kind === 'show' ? context.show : context.audiobook;
  return {
    target: { contextUri: uri, offset: { position: firstUnfinished?.position ?? 0 } },
    item: firstUnfinished?.item ?? null,
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
  if (started.contextType !== 'playlist' && started.item !== null && playback.item?.id !== started.item.id) {
    return `from ${started.label.split(' · ')[0]}`;
  }
  return started.label;
}
