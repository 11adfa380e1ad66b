import type { PageRequest } from '../../api/api.js';
import type { Paging } from '../../api/types.js';
import type { DetailsTarget } from '../details-target.js';
import type { AddSource } from '../add-source.js';
import type { SparseList } from '../state/sparse-list.js';
import type { ListFilter } from './use-list-filter.js';

/** What a pane gives `useLibraryList`: where its items come from and how they look. */
export interface LibraryListOptions<T> {
  /** Names the collection; a new key starts over. */
  sourceKey: string;
  /** What the items are, for messages ("playlists"). */
  label: string;
  fetchPage(page: PageRequest, signal: AbortSignal): Promise<Paging<T>>;
  totalHint?: number;
  /** A new value reads the pages held again, keeping them on screen until the answers come. */
  reloadKey?: number;
  /** The row text of an item at its base index, fitted to `width` (memoise it per item). */
  formatRow(item: T, baseIndex: number, width: number): string;
  /** Lower-cased text the filter searches (memoise it per item). */
  matchText(item: T): string;
  toTarget(item: T): DetailsTarget | null;
  /** What `A` adds from the item; by default the track or episode its details name. */
  toAdd?(item: T): AddSource | null;
  isFocused: boolean;
  /** Rows for the list, the filter line included while a filter is on. */
  height: number;
  /** Columns a row's text may take. */
  width: number;
  onOpen?(item: T, baseIndex: number): void;
  /** `P`: play the item as a whole (a playlist, show or audiobook). */
  onPlay?(item: T, baseIndex: number): void;
  onBack?(): void;
  /** A load error for the status bar; null once loading works again. */
  onStatus(message: string | null): void;
  /** The mark after a row's text (`♥`, or a space), as wide as `MARK_WIDTH` less its gap; none without it. */
  mark?(item: T): string;
  /** The items the window shows, after each move of it (the liked state of its rows is asked for in a batch). */
  onWindow?(items: readonly T[]): void;
  /** What is loaded, each time pages come (`:` finds names among them). */
  onList?(list: SparseList<T> | null): void;
  /** The list is the library (its rows show liked while nothing says otherwise), for `l`. */
  isLibrary?: boolean;
  /** The page under the cursor is read again each minute while focused (true where absent). */
  refreshes?: boolean;
}

/** What `useLibraryList` gives the view. */
export interface LibraryList {
  /** Items in the collection; null before the first page. */
  total: number | null;
  /** Why the first page failed, while nothing is loaded (shown instead of the rows). */
  firstError: string | null;
  /** What the details beside the list describe: the item under the cursor (null on a row not loaded yet). */
  target: DetailsTarget | null;
  /** Rows shown: the total, or the matches of the filter. */
  length: number;
  cursor: number;
  top: number;
  /** Rows of the list window (the filter line takes one while a filter is on). */
  listHeight: number;
  /** Row text at a display index, null while its page has not arrived. */
  rowText(displayIndex: number): string | null;
  /** The mark after a row (`♥`) at a display index; absent for a list without marks. */
  rowMark?(displayIndex: number): string;
  /** Whether the row at a display index is drawn muted (a playlist file's line naming no file); none drawn so where absent. */
  rowMuted?(displayIndex: number): boolean;
  /** The list is the library, for `l` (false where absent). */
  isLibrary?: boolean;
  filter: ListFilter;
  /** Changes the filter text, the cursor going to the first match. */
  changeFilter(text: string): void;
  /** Drops the filter, the cursor staying on the item it was on. */
  clearFilter(): void;
}
