import type { Api, PageRequest } from '../api/api.js';
import { isUnreadable } from '../api/list-entry.js';
import type { Album, Episode, ListEntry, Paging, PlayableItem, SimplifiedPlaylist, Track } from '../api/types.js';
import type { DetailsTarget } from './details-target.js';
import { sanitizeText } from './sanitize.js';

/** A track or an episode: what a playlist holds. */
export type Playable = Track | Episode;

/**
 * What `A` adds to a playlist: tracks or episodes at hand (a row, a marked range, what plays), or ones read
 * once the playlist is picked (an album's tracks). `label` names it in the picker and the status line.
 */
export type AddSource =
  | { kind: 'items'; label: string; items: readonly Playable[] }
  | { kind: 'load'; label: string; load(api: Api, signal: AbortSignal): Promise<Playable[]> };

/** What `A`, `N` and `R` ask of the dashboard, wherever they are pressed (the services hand it down). */
export interface PlaylistActions {
  /** `A`: adds `what` to a playlist the user picks by typing part of its name; null (nothing to add here) says why not. */
  add(what: AddSource | null): void;
  /** `N`: creates a playlist (its name, then a description). */
  create(): void;
  /** `R`: renames `playlist`; refused, saying why, where the user does not own it, or there is none (null). */
  rename(playlist: SimplifiedPlaylist | null): void;
}

const quoted = (name: string): string => `“${sanitizeText(name)}”`;

/** The source of a few items: `“Song”`, or `3 items`. */
export function itemsToAdd(items: readonly Playable[]): AddSource {
  return { kind: 'items', label: items.length === 1 ? quoted(items[0]!.name) : `${items.length.toLocaleString('en')} items`, items };
}

/**
 * What `A` adds from a row whose definition says nothing of it: the track or episode its details name, or
 * an album's tracks; null for anything else (a show, a playlist), which `A` refuses saying what it adds.
 */
export function addSourceOfTarget(target: DetailsTarget | null): AddSource | null {
  if (target?.kind === 'track') return itemsToAdd([target.track]);
  if (target?.kind === 'episode') return itemsToAdd([target.episode]);
  if (target?.kind === 'album') return albumToAdd(target.album);
  return null;
}

/** The most items one page asks for while reading a whole collection to add. */
const LOAD_PAGE = 50;

/** The source of a collection read page by page once the playlist is picked, its stand-ins left out. */
export function pagedToAdd<T extends Playable>(
  name: string, fetchPage: (api: Api, page: PageRequest, signal: AbortSignal) => Promise<Paging<ListEntry<T>>>,
): AddSource {
  return {
    kind: 'load',
    label: quoted(name),
    load: async (api, signal) => {
      const items: Playable[] = [];
      for (let offset = 0; ; offset += LOAD_PAGE) {
        const page = await fetchPage(api, { offset, limit: LOAD_PAGE }, signal);
        for (const entry of page.items) if (!isUnreadable(entry)) items.push(entry);
        if (page.items.length === 0 || offset + LOAD_PAGE >= page.total) return items;
      }
    },
  };
}

/** An album's tracks, read once the playlist is picked. */
export function albumToAdd(album: Album): AddSource {
  return pagedToAdd(album.name, (api, page, signal) => api.getAlbumTracks(album.id, page, { signal }));
}

/** Why `A` does nothing on this row. */
export const NOTHING_TO_ADD = "A adds a track or an episode (or an album's tracks) to a playlist: there is none here";
/** Why `R` does nothing here. */
export const NOTHING_TO_RENAME = 'R renames a playlist: the one under the cursor, or the one open';

/** What plays, for `A` in Now playing; null for nothing or a chapter (an audiobook's, which no playlist holds). */
export function addSourceOfPlaying(item: PlayableItem | null | undefined): AddSource | null {
  if (item === null || item === undefined || item.type === 'chapter') return null;
  return itemsToAdd([item]);
}
