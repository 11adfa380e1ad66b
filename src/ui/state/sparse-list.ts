/**
 * What the dashboard has loaded of a remote collection of `total` items, page by page. Immutable:
 * adding a page copies the small index of pages, never the items, so a 10,000-item playlist stays cheap.
 */
export interface SparseList<T> {
  /** Number of items the service says the collection holds. */
  readonly total: number;
  /** Page start index -> the items loaded there; pages never overlap and never reach past `total`. */
  readonly pages: ReadonlyMap<number, readonly T[]>;
  /** The keys of `pages` in ascending order, for a binary search by index. */
  readonly starts: readonly number[];
}

function wholeCount(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

export function emptySparseList<T>(total: number): SparseList<T> {
  return { total: wholeCount(total), pages: new Map(), starts: [] };
}

/** Position in `starts` of the last page starting at or before `index`, or -1. */
function pageBefore(starts: readonly number[], index: number): number {
  let low = 0;
  let high = starts.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (starts[middle] <= index) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/**
 * Stores `items` fetched at `offset` with the `total` the service reported alongside them. A changed
 * total drops or shortens the pages that no longer fit; a page overlapping the new one is replaced by it.
 */
export function withPage<T>(list: SparseList<T>, offset: number, items: readonly T[], total: number): SparseList<T> {
  const nextTotal = wholeCount(total);
  const start = wholeCount(offset);
  const kept = items.slice(0, Math.max(0, nextTotal - start));
  if (kept.length === 0 && nextTotal === list.total) return list;
  const end = start + kept.length;
  const pages = new Map<number, readonly T[]>();
  for (const pageStart of list.starts) {
    const page = list.pages.get(pageStart)!;
    const pageEnd = Math.min(pageStart + page.length, nextTotal);
    const overlaps = kept.length > 0 && pageStart < end && pageEnd > start;
    if (pageEnd <= pageStart || overlaps) continue;
    pages.set(pageStart, pageEnd - pageStart < page.length ? page.slice(0, pageEnd - pageStart) : page);
  }
  if (kept.length > 0) pages.set(start, kept);
  return { total: nextTotal, pages, starts: [...pages.keys()].sort((a, b) => a - b) };
}

/**
 * The list without the pages `isKept` refuses (given each page's start and end, exclusive): they count as not
 * loaded again. The same list when every page is kept.
 */
export function withPagesWhere<T>(list: SparseList<T>, isKept: (start: number, end: number) => boolean): SparseList<T> {
  const starts = list.starts.filter((start) => isKept(start, start + list.pages.get(start)!.length));
  if (starts.length === list.starts.length) return list;
  return { total: list.total, pages: new Map(starts.map((start) => [start, list.pages.get(start)!])), starts };
}

/**
 * Pages kept on either side of a list's window, beyond the one fetched ahead: going back a few screens fetches
 * nothing, and a page let go is never one the window is about to ask for again.
 */
export const PAGES_KEPT_AROUND = 2;

/**
 * Whether the page from `start` to `end` (exclusive) lies near a window of `height` rows from `top`: within
 * PAGES_KEPT_AROUND pages and the one fetched ahead, either side.
 */
export function isNearWindow(start: number, end: number, top: number, height: number, pageSize: number): boolean {
  const margin = (PAGES_KEPT_AROUND + 1) * pageSize;
  return end > top - margin && start < top + Math.max(1, height) + margin;
}

/** The item at `index`, or undefined while its page is not loaded (or the index is out of range). */
export function itemAt<T>(list: SparseList<T>, index: number): T | undefined {
  if (!(index >= 0 && index < list.total)) return undefined;
  const position = pageBefore(list.starts, index);
  if (position < 0) return undefined;
  const start = list.starts[position];
  return list.pages.get(start)![index - start];
}

/** Whether the item at `offset` (usually the start of a page) has been loaded. */
export function isLoaded<T>(list: SparseList<T>, offset: number): boolean {
  if (!(offset >= 0 && offset < list.total)) return false;
  const position = pageBefore(list.starts, offset);
  if (position < 0) return false;
  const start = list.starts[position];
  return offset - start < list.pages.get(start)!.length;
}

/**
 * The loaded items at new indexes in a list of `total`: `newIndexOf(index)` for each loaded item, a negative
 * result dropping it. Used when the service's order changes under loaded pages (a save, a merge) so that
 * nothing is fetched again. Pages are cut at multiples of `pageSize`, so a page fetched later replaces
 * only what it covers.
 */
export function permuteSparseList<T>(
  list: SparseList<T>,
  newIndexOf: (index: number) => number,
  total: number,
  pageSize: number,
): SparseList<T> {
  const nextTotal = wholeCount(total);
  const size = Math.max(1, wholeCount(pageSize));
  const placed: { index: number; item: T }[] = [];
  for (const start of list.starts) {
    list.pages.get(start)!.forEach((item, offset) => {
      const index = newIndexOf(start + offset);
      if (Number.isInteger(index) && index >= 0 && index < nextTotal) placed.push({ index, item });
    });
  }
  placed.sort((a, b) => a.index - b.index);
  const pages = new Map<number, T[]>();
  let page: T[] = [];
  let previous = -2;
  for (const { index, item } of placed) {
    // Two items given one index: the later wins, as a page fetched over another does.
    if (index === previous) page[page.length - 1] = item;
    else if (index === previous + 1 && index % size !== 0) page.push(item);
    else pages.set(index, (page = [item]));
    previous = index;
  }
  return { total: nextTotal, pages, starts: [...pages.keys()] };
}
