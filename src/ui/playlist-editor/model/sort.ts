import type { PlaylistItem } from '../../../api/types.js';
import { entryIdentity } from './entry-identity.js';
import { rearrangeStep, type HistoryState, type RearrangeStep } from './history.js';
import { itemAt, type SparseList } from '../../state/sparse-list.js';

/**
 * Sorting a playlist's items (`o` then a letter): a stable sort of the view's order by one key, recorded as one
 * undo step, which the save then turns into the fewest range moves like any other reorder.
 */

export type SortKey = 'title' | 'artist' | 'album' | 'duration' | 'added';
export type SortChoice = SortKey | 'reverse';

/** The sort menu, in the order it shows its letters. */
export const SORT_MENU: readonly { letter: string; choice: SortChoice; label: string }[] = [
  { letter: 't', choice: 'title', label: 'title' },
  { letter: 'a', choice: 'artist', label: 'artist' },
  { letter: 'l', choice: 'album', label: 'album' },
  { letter: 'd', choice: 'duration', label: 'duration' },
  { letter: 'n', choice: 'added', label: 'date added' },
  { letter: 'r', choice: 'reverse', label: 'reverse' },
];

/** The menu's choice for a key, or null (the menu then closes without sorting). */
export function sortChoiceFor(letter: string): SortChoice | null {
  return SORT_MENU.find((entry) => entry.letter === letter)?.choice ?? null;
}

/** In the same menu, `o u`: remove duplicates (dedupe.ts), not a sort. */
export const DEDUPE_LETTER = 'u';

/** The menu as one status line: `sort: t title · a artist · …`. */
export const SORT_MENU_TEXT = `sort: ${SORT_MENU.map(({ letter, label }) => `${letter} ${label}`).join(' · ')} · ${DEDUPE_LETTER} remove duplicates · Esc cancels`;

/** What tells an entry apart (`added_at`, the item's `uri`, under either name a service sends it). */
const identityOf = (extra: string): string => {
  const playable = `type,uri,linked_from(uri)${extra === '' ? '' : `,${extra}`}`;
  return `total,items(added_at,track(${playable}),item(${playable}))`;
};

/**
 * The `fields` filter that loads what a sort by each key needs and nothing more: the key and the entry's
 * identity. An episode has no artists or album: its show's name stands for both.
 */
export const SORT_FIELDS: Readonly<Record<SortKey, string>> = {
  title: identityOf('name'),
  artist: identityOf('artists(name),show(name)'),
  album: identityOf('album(name),show(name)'),
  duration: identityOf('duration_ms'),
  added: identityOf(''),
};

/** A sort key's value for one entry: text, a number, or null for none (sorted last). */
export type SortValue = string | number | null;

export function sortValueOf(item: PlaylistItem, key: SortKey): SortValue {
  const playable = item.track;
  switch (key) {
    case 'title':
      return nonEmpty(playable?.name);
    case 'artist':
      if (playable?.type === 'episode') return nonEmpty(playable.show?.name);
      return nonEmpty(playable?.artists.map((artist) => artist.name).filter((name) => name !== '').join(', '));
    case 'album':
      if (playable?.type === 'episode') return nonEmpty(playable.show?.name);
      return nonEmpty(playable?.album.name);
    case 'duration':
      return playable && playable.duration_ms > 0 ? playable.duration_ms : null;
    case 'added': {
      const time = Date.parse(item.added_at);
      return Number.isFinite(time) ? time : null;
    }
  }
}

function nonEmpty(text: string | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed === undefined || trimmed === '' ? null : trimmed;
}

/**
 * Text compared as a person reads it: case and accents folded (`é` = `E`), digits as numbers (`Track 2`
 * before `Track 10`), in the user's locale. Entries that compare equal keep their order.
 */
export function textCollator(locales?: string | string[]): Intl.Collator {
  return new Intl.Collator(locales, { sensitivity: 'base', numeric: true, usage: 'sort' });
}

/**
 * Ranks of the values (equal values, as the collator sees them, share a rank; none ranks last). Distinct
 * texts are sorted once, so a playlist of 10,000 entries costs one collated sort of its distinct values.
 */
function ranksOf(values: readonly SortValue[], collator: Intl.Collator): Float64Array {
  const ranks = new Float64Array(values.length);
  const texts = [...new Set(values.filter((value): value is string => typeof value === 'string'))].sort(collator.compare);
  const rankOfText = new Map<string, number>();
  texts.forEach((text, index) => {
    const previous = texts[index - 1];
    const equalToPrevious = previous !== undefined && collator.compare(previous, text) === 0;
    rankOfText.set(text, equalToPrevious ? rankOfText.get(previous)! : index);
  });
  values.forEach((value, index) => {
    ranks[index] = value === null ? Infinity : typeof value === 'number' ? value : rankOfText.get(value)!;
  });
  return ranks;
}

/**
 * The rearrangement of rows that sorts the view by `valueAtRow(row)` ascending, equal values keeping their
 * rows' order: `rows[i]` is the row that goes to `i`.
 */
export function sortedRows(length: number, valueAtRow: (row: number) => SortValue, collator: Intl.Collator): Int32Array {
  const values = Array.from({ length }, (_, row) => valueAtRow(row));
  const ranks = ranksOf(values, collator);
  const rows = Int32Array.from({ length }, (_, row) => row);
  // A typed-array sort is not stable by specification: the row breaks ties, which makes it so.
  return rows.sort((a, b) => (ranks[a] === ranks[b] ? a - b : ranks[a]! < ranks[b]! ? -1 : 1));
}

export function reversedRows(length: number): Int32Array {
  return Int32Array.from({ length }, (_, row) => length - 1 - row);
}

/**
 * The sort (or the reverse) of the view as one undo step, or null when it changes nothing. `valueAt` gives
 * an entry's value by BASE position (see `sortValuesFrom`); undefined means not loaded, which the caller must
 * rule out first (`missingSortPages`).
 */
export function sortStep(
  state: HistoryState,
  choice: SortChoice,
  valueAt: (basePosition: number) => SortValue | undefined,
  collator: Intl.Collator = textCollator(),
): RearrangeStep | null {
  const { order } = state;
  if (choice === 'reverse') return rearrangeStep(state, reversedRows(order.length));
  const rows = sortedRows(
    order.length,
    (row) => {
      const value = valueAt(order[row]!);
      if (value === undefined) throw new RangeError(`cannot sort: the entry at row ${row + 1} is not loaded`);
      return value;
    },
    collator,
  );
  return rearrangeStep(state, rows);
}

/** Why the sort cannot start now, as the status line says it, or null. */
export function sortRefusal(view: { isFiltered: boolean; isMarked: boolean; isLifted?: boolean }): string | null {
  if (view.isFiltered) return 'sort works on the whole playlist: clear the filter first (Esc)';
  if (view.isMarked) return 'sort works on the whole playlist: clear the mark first (Esc)';
  if (view.isLifted === true) return 'drop or put back the lifted items first';
  return null;
}

/** The most entries one Get Playlist Items request returns. */
export const SORT_PAGE = 100;

/**
 * Offsets (base positions) of the requests that load the sort values still missing, `SORT_PAGE` entries each,
 * given which positions are known already (`isKnown`): the rows the view has loaded carry every key.
 */
export function missingSortPages(total: number, isKnown: (basePosition: number) => boolean, pageSize: number = SORT_PAGE): number[] {
  const offsets: number[] = [];
  for (let position = 0; position < total; position++) {
    if (isKnown(position)) continue;
    offsets.push(position);
    position += pageSize - 1;
  }
  return offsets;
}

/** Sort values by base position, from the view's loaded rows and the lean pages loaded for the sort. */
export class SortValues {
  private readonly values: (SortValue | undefined)[];
  constructor(
    readonly key: SortKey,
    total: number,
  ) {
    this.values = new Array<SortValue | undefined>(total).fill(undefined);
  }

  /** Takes the values of every entry the view has loaded. */
  addLoaded(list: SparseList<PlaylistItem>): void {
    for (const start of list.starts) this.addPage(start, list.pages.get(start)!);
  }

  addPage(offset: number, items: readonly PlaylistItem[]): void {
    items.forEach((item, index) => {
      if (offset + index < this.values.length) this.values[offset + index] = sortValueOf(item, this.key);
    });
  }

  has = (position: number): boolean => this.values[position] !== undefined;
  at = (position: number): SortValue | undefined => this.values[position];
  get loaded(): number {
    return this.values.reduce<number>((count, value) => count + (value === undefined ? 0 : 1), 0);
  }
  get total(): number {
    return this.values.length;
  }
}

/** Progress while the sort's values load: `sorting by title: loading 3,200/10,000…`. */
export function sortProgressText(key: SortKey, loaded: number, total: number): string {
  const label = SORT_MENU.find((entry) => entry.choice === key)!.label;
  return `sorting by ${label}: loading ${loaded.toLocaleString('en')}/${total.toLocaleString('en')}…`;
}

/** Whether a lean page agrees with the entries the view has loaded at the same positions (else the playlist changed). */
export function pageAgrees(list: SparseList<PlaylistItem>, offset: number, items: readonly PlaylistItem[]): boolean {
  return items.every((item, index) => {
    const loaded = itemAt(list, offset + index);
    return loaded === undefined || entryIdentity(loaded) === entryIdentity(item);
  });
}
