import { isUnreadable } from '../../api/list-entry.js';
import type { Album, Audiobook, Episode, ListEntry, Paging, Show, SimplifiedPlaylist, Track } from '../../api/types.js';
import type { Artist, SearchResults, SearchType } from '../../api/library-types.js';

/**
 * What a search found, grouped by kind in a fixed order, each group paged further on its own (a page of
 * `SEARCH_PAGE` at a time, the most a development-mode app may ask); the rows a picker draws (a heading per
 * group, then its items) and where its cursor may go (items only). Pure.
 */

/** A page of each kind: the real service caps a development-mode app at 10. */
export const SEARCH_PAGE = 10;

export type Found =
  | { type: 'track'; item: Track }
  | { type: 'album'; item: Album }
  | { type: 'artist'; item: Artist }
  | { type: 'playlist'; item: SimplifiedPlaylist }
  | { type: 'show'; item: Show }
  | { type: 'episode'; item: Episode }
  | { type: 'audiobook'; item: Audiobook };

export interface SearchKind {
  type: SearchType;
  key: keyof SearchResults;
  label: string;
}

/** The kinds, in the order the groups show. */
export const SEARCH_KINDS: readonly SearchKind[] = [
  { type: 'track', key: 'tracks', label: 'Tracks' },
  { type: 'artist', key: 'artists', label: 'Artists' },
  { type: 'album', key: 'albums', label: 'Albums' },
  { type: 'playlist', key: 'playlists', label: 'Playlists' },
  { type: 'show', key: 'shows', label: 'Shows' },
  { type: 'episode', key: 'episodes', label: 'Episodes' },
  { type: 'audiobook', key: 'audiobooks', label: 'Audiobooks' },
];

export const ALL_SEARCH_TYPES: readonly SearchType[] = SEARCH_KINDS.map((kind) => kind.type);

export interface Group {
  kind: SearchKind;
  /** As many as the service says it found. */
  total: number;
  items: readonly Found[];
  /** Where the next page starts (the items read so far, stand-ins included). */
  nextOffset: number;
}

export type SearchRow = { kind: 'heading'; group: Group } | { kind: 'item'; found: Found; group: Group };

function foundOf(type: SearchType, entries: readonly ListEntry<object>[]): Found[] {
  // Stand-ins (an entry the client could not read) have no name to show or to play: left out of results.
  return entries.filter((entry) => !isUnreadable(entry)).map((item) => ({ type, item }) as Found);
}

function pageOf(results: SearchResults, kind: SearchKind): Paging<ListEntry<object>> | undefined {
  return results[kind.key] as Paging<ListEntry<object>> | undefined;
}

/** The groups of a first answer: the kinds that found something, in order. */
export function groupsOf(results: SearchResults): Group[] {
  return SEARCH_KINDS.flatMap((kind): Group[] => {
    const page = pageOf(results, kind);
    if (page === undefined || page.total === 0 || page.items.length === 0) return [];
    return [{ kind, total: page.total, items: foundOf(kind.type, page.items), nextOffset: page.offset + page.items.length }];
  });
}

/** The groups with a later page of `type` added (an answer for another offset than the next one changes nothing). */
export function withMore(groups: readonly Group[], type: SearchType, results: SearchResults): readonly Group[] {
  return groups.map((group) => {
    const page = group.kind.type === type ? pageOf(results, group.kind) : undefined;
    if (page === undefined || page.offset !== group.nextOffset) return group;
    return { ...group, total: page.total, items: [...group.items, ...foundOf(type, page.items)], nextOffset: page.offset + page.items.length };
  });
}

/** Whether a group has more to read than it holds. */
export const hasMore = (group: Group): boolean => group.nextOffset < group.total;

/** Rows to draw: a heading per group, then its items. */
export function rowsOf(groups: readonly Group[]): SearchRow[] {
  return groups.flatMap((group): SearchRow[] => [{ kind: 'heading', group }, ...group.items.map((found): SearchRow => ({ kind: 'item', found, group }))]);
}

/** The rows the cursor may stand on (items, not headings), by their index among the rows. */
export function itemRows(rows: readonly SearchRow[]): number[] {
  return rows.flatMap((row, index) => (row.kind === 'item' ? [index] : []));
}

/**
 * The kind to read a page more of when the cursor is at `cursor` (an index of the items): the cursor's group
 * once the cursor is on its last item, or within a few of it, while it has more. Null when nothing is wanted.
 */
export function moreWanted(rows: readonly SearchRow[], items: readonly number[], cursor: number, lead = 2): SearchType | null {
  const row = rows[items[cursor] ?? -1];
  if (row?.kind !== 'item' || !hasMore(row.group)) return null;
  const lastOfGroup = row.group.items.at(-1);
  const fromEnd = row.group.items.length - 1 - row.group.items.indexOf(row.found);
  return lastOfGroup !== undefined && fromEnd <= lead ? row.group.kind.type : null;
}

/** The first visible row of a window of `height` rows that keeps the cursor's row (and its group's heading where it fits) in view. */
export function windowTop(previousTop: number, cursorRow: number, height: number, rowCount: number): number {
  const last = Math.max(0, rowCount - height);
  let top = Math.min(previousTop, last);
  // The heading just above the cursor's first item shows with it.
  if (cursorRow - 1 < top) top = Math.max(0, cursorRow - 1);
  if (cursorRow >= top + height) top = cursorRow - height + 1;
  return Math.max(0, Math.min(top, last));
}
