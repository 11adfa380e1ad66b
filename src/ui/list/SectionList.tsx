import { memo, useMemo, useRef } from 'react';
import type { SimplifiedPlaylist } from '../../api/types.js';
import { useApi } from '../context/api-context.js';
import { useLibraryList } from './use-library-list.js';
import { useRereads } from './use-rereads.js';
import { useViewSource } from './use-view-source.js';
import { useListLikes, useLoadedList } from './use-list-likes.js';
import { MARK_WIDTH } from './ListWindow.js';
import type { PlayStarter } from '../play/play-starter.js';
import { usePlayStarter } from '../context/play-starter.js';
import { drilled, type Drilled, type ItemAction, type ListView } from '../sections/types.js';
import type { LibraryPaneProps } from './library-pane-props.js';
import { LibraryListView, listBodySize } from './LibraryListView.js';

export interface SectionListProps<T, P> extends LibraryPaneProps {
  view: ListView<T, P>;
  parent: P;
  /** Its tab is up (an overlay may be over it): what it rereads on waits for it (`rereadOn`). */
  isTabShown: boolean;
  /** Enter drilled into another view (a show's episodes). */
  onDrill(drilled: Drilled): void;
  /** Enter on a playlist. */
  onOpenPlaylist(playlist: SimplifiedPlaylist): void;
  /** Esc with no filter on; none at the section's own list. */
  onBack?(): void;
}

/** Where no app plays (a pane drawn alone): Enter and `P` do nothing. */
const NO_PLAYER: PlayStarter = { start: () => {}, refuse: () => {}, refuseUnplayable: () => true };

/**
 * One list of a section, as its definition says (sections/types.ts): pages, rows, filter, details, and what
 * Enter and `P` do. Loaded as the cursor goes; its cursor and pages stay while a view drilled from it shows.
 */
function SectionListOf<T, P>(props: SectionListProps<T, P>) {
  const { view, parent, isFocused, width, height } = props;
  const api = useApi();
  const player = usePlayStarter() ?? NO_PLAYER;
  const { rows, rowWidth } = listBodySize(width, height);
  const likes = useListLikes(view, props.isTabShown);
  const source = useViewSource(view, parent, useRereads(view, props.isTabShown, isFocused));
  const onList = useLoadedList(view, source.sourceKey);
  const formatRow = useMemo(() => (item: T, _index: number, columns: number) => view.row(item, columns), [view]);
  const latest = useRef({ props, total: null as number | null });
  const act = (action: ItemAction<T, P> | null) =>
    action === null
      ? undefined
      : (item: T, position: number) =>
          action(item, {
            api,
            parent,
            position,
            total: latest.current.total,
            firstPage: source.firstPage.current,
            player,
            drill: (next, of) => latest.current.props.onDrill(drilled(next, of)),
            openPlaylist: (playlist) => latest.current.props.onOpenPlaylist(playlist),
          });
  const list = useLibraryList<T>({
    sourceKey: source.sourceKey,
    label: view.label,
    fetchPage: source.fetchPage,
    totalHint: source.totalHint,
    reloadKey: source.reloadKey,
    formatRow,
    matchText: view.match,
    toTarget: view.details,
    toAdd: view.toAdd,
    isFocused,
    height: rows,
    width: likes.mark === undefined ? rowWidth : Math.max(1, rowWidth - MARK_WIDTH),
    mark: likes.mark,
    onWindow: likes.onWindow,
    onList,
    isLibrary: view.likes?.isLibrary === true,
    // Only pages read by offset have a page of their own to ask again (a whole or cursor source reads all).
    refreshes: 'fetchPage' in view.source && view.rereadOn.includes('minutely'),
    onOpen: act(view.open),
    onPlay: act(view.play),
    onBack: props.onBack,
    onStatus: props.onStatus,
  });
  latest.current = { props, total: list.total };
  return (
    <LibraryListView
      title={view.title(parent, list.total)}
      details={props.details}
      emptyText={view.emptyText}
      list={list}
      isFocused={isFocused}
      width={width}
      height={height}
    />
  );
}

export const SectionList = memo(SectionListOf) as typeof SectionListOf;
