import { isUnreadable } from '../../api/list-entry.js';
import type {
  Chapter,
  ListEntry,
  PlaylistItem,
  SavedAudiobook,
  SavedShow,
  SimplifiedPlaylist,
  UnreadableEntry,
} from '../../api/types.js';
import { formatCount, formatDuration, formatRelativeDate, formatTimeLeft } from '../format.js';
import { sanitizeText } from '../sanitize.js';
import { layoutRow } from '../row-layout.js';

/**
 * Row texts and filter texts of the library lists. Each is computed once per item object (and width), so a
 * key press costs a lookup per visible row; a refetch that returns the same objects costs nothing.
 */
export type RowFormatter<T> = (item: T, width: number) => string;
export type MatchText<T> = (item: T) => string;

export function memoRow<T extends object>(format: RowFormatter<T>): RowFormatter<T> {
  const cache = new WeakMap<T, { width: number; text: string }>();
  return (item, width) => {
    const cached = cache.get(item);
    if (cached !== undefined && cached.width === width) return cached.text;
    const text = format(item, width);
    cache.set(item, { width, text });
    return text;
  };
}

/** Lower-cased, sanitised text the filter searches, memoised per item. */
export function memoMatchText<T extends object>(parts: (item: T) => string[]): MatchText<T> {
  const cache = new WeakMap<T, string>();
  return (item) => {
    let text = cache.get(item);
    if (text === undefined) {
      text = parts(item).map(sanitizeText).join('\u0000').toLowerCase();
      cache.set(item, text);
    }
    return text;
  };
}

/**
 * The words of a stand-in row, with its place in the list (1-based): "item 12 could not be read", or "item 12
 * is unavailable" where the service sent null for it. Never a blank or a bare `…`: where `width` is too
 * narrow for those, "item 12 unreadable" or "item 12 unavailable".
 */
export function standInText({ unreadable }: UnreadableEntry, width = Infinity): string {
  const place = `item ${unreadable.position + 1}`;
  const words = unreadable.reason === 'unavailable' ? `${place} is unavailable` : `${place} could not be read`;
  if (words.length <= width) return words;
  return unreadable.reason === 'unavailable' ? `${place} unavailable` : `${place} unreadable`;
}

/** Why Enter or `P` does nothing on a stand-in, for the status line. */
export function standInRefusal(action: 'open' | 'play', entry: UnreadableEntry): string {
  return `can't ${action}: ${standInText(entry)}`;
}

/** A row format that also draws the stand-ins of its list, in words at their place. */
export function withStandIns<T extends object>(format: RowFormatter<T>): RowFormatter<ListEntry<T>> {
  return (entry, width) => (isUnreadable(entry) ? layoutRow([{ text: standInText(entry, width) }], width) : format(entry, width));
}

/** Filter text that finds nothing in a stand-in (it has no name to find). */
export function withoutStandIns<T extends object>(match: MatchText<T>): MatchText<ListEntry<T>> {
  return (entry) => (isUnreadable(entry) ? '' : match(entry));
}

export function joinNames(list: readonly { name: string }[]): string {
  return list.map((entry) => sanitizeText(entry.name)).join(', ');
}

export const playlistRow = withStandIns(memoRow<SimplifiedPlaylist>((playlist, width) =>
  layoutRow(
    [
      { text: sanitizeText(playlist.name), grow: 2 },
      { text: sanitizeText(playlist.owner.display_name ?? playlist.owner.id), isOptional: true },
      { text: formatCount(playlist.tracks.total), width: 7, align: 'right' },
    ],
    width,
  ),
));
export const playlistMatch = withoutStandIns(memoMatchText<SimplifiedPlaylist>((playlist) => [
  playlist.name,
  playlist.owner.display_name ?? '',
]));

export const showRow = withStandIns(memoRow<SavedShow>(({ show }, width) =>
  layoutRow(
    [
      { text: sanitizeText(show.name), grow: 2 },
      { text: sanitizeText(show.publisher), isOptional: true },
      { text: `${formatCount(show.total_episodes)} ep`, width: 8, align: 'right' },
    ],
    width,
  ),
));
export const showMatch = withoutStandIns(memoMatchText<SavedShow>(({ show }) => [show.name, show.publisher]));

export const audiobookRow = withStandIns(memoRow<SavedAudiobook>(({ audiobook }, width) =>
  layoutRow(
    [
      { text: sanitizeText(audiobook.name), grow: 2 },
      { text: joinNames(audiobook.authors), isOptional: true },
      { text: `${formatCount(audiobook.total_chapters)} ch`, width: 7, align: 'right' },
    ],
    width,
  ),
));
export const audiobookMatch = withoutStandIns(memoMatchText<SavedAudiobook>(({ audiobook }) => [
  audiobook.name,
  ...audiobook.authors.map((author) => author.name),
]));

export const chapterRow = withStandIns(memoRow<Chapter>((chapter, width) =>
  layoutRow(
    [
      { text: String(chapter.chapter_number), width: 3, align: 'right' },
      { text: sanitizeText(chapter.name) },
      { text: formatDuration(chapter.duration_ms), width: 7, align: 'right' },
      {
        text: chapter.resume_point === null ? '' : formatTimeLeft(chapter.resume_point, chapter.duration_ms),
        width: 11,
        align: 'right',
        isOptional: true,
      },
    ],
    width,
  ),
));
export const chapterMatch = withoutStandIns(memoMatchText<Chapter>((chapter) => [chapter.name]));

/** Artists of a track, or the show of an episode. */
function creditOf(item: PlaylistItem): string {
  const playable = item.track;
  if (playable === null) return '';
  if (playable.type === 'track') return joinNames(playable.artists);
  return playable.show === null ? '' : sanitizeText(playable.show.name);
}

/** A playlist file's line that names no file the service can play (decisions §21): drawn muted, marked "unavailable". */
export const isUnavailableLine = (item: PlaylistItem): boolean => item.track?.type === 'track' && item.track.is_local && !item.track.is_playable;

/** A playlist entry without its position (positions change as entries move; the rest does not). */
export const playlistItemRow = memoRow<PlaylistItem>((item, width) =>
  layoutRow(
    [
      { text: item.track === null ? '(unavailable)' : sanitizeText(item.track.name), grow: 3 },
      { text: isUnavailableLine(item) ? 'unavailable' : creditOf(item), grow: 2 },
      { text: item.track === null || isUnavailableLine(item) ? '' : formatDuration(item.track.duration_ms), width: 7, align: 'right' },
      { text: formatRelativeDate(item.added_at, Date.now()), width: 12, align: 'right', isOptional: true },
    ],
    width,
  ),
);
export const playlistItemMatch = memoMatchText<PlaylistItem>((item) => [item.track?.name ?? '', creditOf(item)]);
