import type { Api, PageRequest } from '../../api/api.js';
import type { Paging, SimplifiedPlaylist } from '../../api/types.js';
import type { CursorPage } from '../../api/library-types.js';
import type { DetailsTarget } from '../details-target.js';
import type { LikeKind } from '../liked/likeable.js';
import type { PlayStarter } from '../play/play-starter.js';
import type { AddSource } from '../add-source.js';
import type { Reread } from '../signals.js';

/**
 * What a library section is: a list view (how to fetch a page, a row, what the filter matches, the details,
 * what Enter and `P` do, what it drills into), or the custom view a list drills into (the playlist editor).
 * Every member is required, so a definition that forgets one does not compile. Pure: no React here, the
 * section pane (panes/SectionPane.tsx) draws any of them.
 */

/** A collection read a page at a time from the service. */
export interface PagedSource<T, P> {
  fetchPage(api: Api, parent: P, page: PageRequest, signal: AbortSignal): Promise<Paging<T>>;
  /** The size before the first page comes (a show's `total_episodes`), so the window can move at once. */
  totalHint?(parent: P): number;
}

/** A collection worked out whole (from several reads), its pages cut from it; read again as `rereadOn` says. */
export interface WholeSource<T, P> {
  readAll(api: Api, parent: P, signal: AbortSignal): Promise<T[]>;
}

/**
 * A collection read by cursor (followed artists): each page names the one after it. Cut into the list's pages
 * by offset (list/use-view-source.ts), a page after the ones read so far read after them, in order.
 */
export interface CursorSource<T, P> {
  fetchAfter(api: Api, parent: P, page: { after: string | null; limit: number }, signal: AbortSignal): Promise<CursorPage<T>>;
}

/** How a list's rows carry the ♥ of the library (liked/liked-store.ts). */
export interface LikeMarks {
  /** What its rows are. */
  kind: LikeKind;
  /**
   * The list is the user's library of that kind (liked songs, saved albums…): its rows are liked unless `l`
   * said otherwise, and it reads itself again when a like of that kind changed the library. Otherwise each
   * row's state is asked of the service, a batch per visible window.
   */
  isLibrary: boolean;
}

/** Where Enter or `P` was pressed, and what it can do. */
export interface ItemContext<T, P> {
  api: Api;
  parent: P;
  /** The item's place in the collection. */
  position: number;
  /** Items in the collection, when known. */
  total: number | null;
  /** The first page as last read (`P` finds a show's first unfinished episode there without a request). */
  firstPage: Paging<T> | null;
  /** Plays, or says why not on the status line (does nothing in a pane drawn alone). */
  player: PlayStarter;
  /** Shows `view` of `parent` in place of this list, until Esc. */
  drill<Q>(view: View<Q>, parent: Q): void;
  /** Opens a playlist's items (through the app: unsaved moves left for it are restored first). */
  openPlaylist(playlist: SimplifiedPlaylist): void;
}

export type ItemAction<T, P> = (item: T, at: ItemContext<T, P>) => void;

export interface ListView<T, P = void> {
  kind: 'list';
  /** Names the collection for the page loader: a new key starts over. Unique among views. */
  sourceKey(parent: P): string;
  /** What the items are, for messages ("saved shows"). */
  label: string;
  /** The pane's title ("Saved shows · 25"); `total` is null before the first page. */
  title(parent: P, total: number | null): string;
  /** Shown instead of rows when the collection is empty. */
  emptyText: string;
  source: PagedSource<T, P> | WholeSource<T, P> | CursorSource<T, P>;
  /**
   * When the list reads itself again, in place (signals.ts): `shown`, `itemEnded`, `itemChanged`,
   * `libraryChanged` (of its `likes` kind, or the catalog), `playlistsChanged`, `minutely` (the page under the
   * cursor, while it has the keys: a source read by offset). None: read once, a list at rest asks nothing.
   */
  rereadOn: readonly Reread[];
  /** An item's row, exactly `width` columns (memoise it per item: a key costs a lookup per visible row). */
  row(item: T, width: number): string;
  /** Lower-cased text the `/` filter searches (memoised per item). */
  match(item: T): string;
  /** What the details beside the list describe (one object per item); null for none. */
  details(item: T): DetailsTarget | null;
  /** Enter; null where it does nothing. */
  open: ItemAction<T, P> | null;
  /** `P`; null where it does nothing. */
  play: ItemAction<T, P> | null;
  /**
   * What `A` adds from an item to a playlist; without it, what its details name (a track, an episode, an
   * album's tracks: add-source.ts, addSourceOfTarget).
   */
  toAdd?(item: T): AddSource | null;
  /** The ♥ of its rows (the kinds `l` likes: tracks, albums, artists, shows, audiobooks); null for none. */
  likes: LikeMarks | null;
}

/** The views drawn by components of their own, by name (panes/SectionPane.tsx maps each to its component). */
export type CustomViewName = 'playlistItems';

export interface CustomView<P> {
  kind: 'custom';
  name: CustomViewName;
  /** Names what is shown: a view drilled into again with the same key keeps its state. */
  keyOf(parent: P): string;
}

export type View<P> = ListView<any, P> | CustomView<P>;

/** A view on the drill-down stack of a section, above its root list. */
export interface Drilled {
  view: View<any>;
  parent: unknown;
  key: string;
}

/** `view` of `parent`, for the stack. */
export function drilled<P>(view: View<P>, parent: P): Drilled {
  return { view, parent, key: view.kind === 'list' ? view.sourceKey(parent) : `${view.name}:${view.keyOf(parent)}` };
}

/** A library section's definition: its root list. */
export type SectionView = ListView<any, void>;
