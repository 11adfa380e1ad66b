/**
 * Artists, albums with their details, liked songs, saved albums, lists paged by cursor and play history,
 * normalised at the boundary (see normalize.ts): every shape the real service sends is read, what is missing
 * gets its default, and an entry that cannot be read stands in for itself (normalize-library.ts).
 */
import { asObject, isObject, toCount, toIntOrNull, toList, toStr, toStringList, type JsonObject } from './coerce.js';
import { normalizeAlbum, normalizeImage, normalizeTrack } from './normalize.js';
import { normalizePaging, orStandIn, savedEntry } from './normalize-library.js';
import type { Album, ListEntry, Paging, Track } from './types.js';
import type { AlbumDetails, Artist, CursorPage, PlayHistory, SavedAlbum, SavedTrack } from './library-types.js';

/** A full artist; `followers` is `{href, total}` in the reference, a bare count in some answers, or left out. */
export function normalizeFullArtist(value: unknown): Artist | null {
  if (!isObject(value)) return null;
  const followers = isObject(value.followers) ? value.followers.total : value.followers;
  return {
    type: 'artist',
    id: toStr(value.id),
    name: toStr(value.name),
    uri: toStr(value.uri),
    genres: toStringList(value.genres),
    images: toList(value.images, normalizeImage),
    followers: toIntOrNull(followers),
    popularity: toIntOrNull(value.popularity),
  };
}

/** A simplified album in a list: null for anything but an object (a stand-in takes its place). */
export function normalizeListedAlbum(value: unknown): Album | null {
  return isObject(value) ? normalizeAlbum(value) : null;
}

const emptyPage = <T>(): Paging<T> => ({ href: '', limit: 0, next: null, offset: 0, previous: null, total: 0, items: [] });

/** A track of an album's listing (a simplified track, without its album), given the album it is on. */
export function trackOnAlbum(album: Album): (value: unknown) => Track | null {
  return (value) => {
    const track = normalizeTrack(value);
    // Set on the fresh object rather than spread into another: the same hidden class as every track.
    if (track !== null) track.album = album;
    return track;
  };
}

/** The full album: the simplified one, its label, genres, copyrights and first page of tracks (each given the album). */
export function normalizeAlbumDetails(value: unknown): AlbumDetails | null {
  if (!isObject(value)) return null;
  const album = normalizeAlbum(value);
  const copyrights = toList(value.copyrights, (element) => (isObject(element) ? { text: toStr(element.text), type: toStr(element.type) } : null));
  const tracks: Paging<ListEntry<Track>> = normalizePaging(value.tracks, orStandIn(trackOnAlbum(album))) ?? emptyPage();
  return { ...album, label: toStr(value.label), genres: toStringList(value.genres), copyrights, tracks };
}

/** A liked song: `{added_at, track}` (the reference) or a bare track. */
export function normalizeSavedTrack(value: unknown): SavedTrack | null {
  const saved = savedEntry(value, 'track', normalizeTrack);
  return saved === null ? null : { added_at: saved.added_at, track: saved.entry };
}

/** A saved album: `{added_at, album}` (the reference) or a bare album. */
export function normalizeSavedAlbum(value: unknown): SavedAlbum | null {
  const saved = savedEntry(value, 'album', normalizeAlbumDetails);
  return saved === null ? null : { added_at: saved.added_at, album: saved.entry };
}

/** The value of `name` in a link's query, or null. */
function queryParam(link: unknown, name: string): string | null {
  if (typeof link !== 'string' || link === '') return null;
  try {
    return new URL(link, 'http://x').searchParams.get(name);
  } catch {
    return null;
  }
}

/**
 * A list paged by cursor: `{items, next, cursors, total, limit}`, or that under `wrapper` (followed artists
 * come as `{artists: {...}}`). The next page's cursor is `cursors[cursor]`, else the one its `next` link
 * carries; none when `next` is null (the last page).
 */
export function normalizeCursorPage<T>(value: unknown, wrapper: string | null, cursor: 'after' | 'before', item: (element: unknown, position: number) => T | null): CursorPage<T> | null {
  if (!isObject(value)) return null;
  const page: JsonObject = wrapper !== null && isObject(value[wrapper]) ? (value[wrapper] as JsonObject) : value;
  if (!Array.isArray(page.items)) return null;
  const items = toList(page.items, item);
  const hasNext = typeof page.next === 'string' && page.next !== '';
  const next = hasNext ? toStr(asObject(page.cursors)[cursor]) || queryParam(page.next, cursor) : null;
  return { items, next: next || null, total: toIntOrNull(page.total), limit: toCount(page.limit, items.length) };
}

/** A play of the history; null without a readable track (the list drops it). */
export function normalizePlayHistory(value: unknown): PlayHistory | null {
  if (!isObject(value)) return null;
  const track = normalizeTrack(value.track);
  if (track === null) return null;
  const context = isObject(value.context) ? { type: toStr(value.context.type), uri: toStr(value.context.uri) } : null;
  return { played_at: toStr(value.played_at), track, context };
}
