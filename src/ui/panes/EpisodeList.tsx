import { memo, useCallback, useRef } from 'react';
import type { PageRequest } from '../../api/api.js';
import { isUnreadable } from '../../api/list-entry.js';
import type { Episode, ListEntry, Paging, Show } from '../../api/types.js';
import { useApi } from '../api-context.js';
import type { DetailsTarget } from '../details-target.js';
import { formatCount } from '../format.js';
import { useLibraryList } from '../hooks/use-library-list.js';
import { playFromFirstUnfinished } from '../play/first-unfinished.js';
import { showEpisodeRequest } from '../play/play-request.js';
import { usePlayStarter } from '../play/play-starter.js';
import { sanitizeText } from '../sanitize.js';
import { episodeMatch, episodeRow } from './episode-rows.js';
import { standInRefusal } from './library-rows.js';
import type { LibraryPaneProps } from './library-pane-props.js';
import { LibraryListView, listBodySize } from './LibraryListView.js';

export interface EpisodeListProps extends LibraryPaneProps {
  show: Show;
  /** Esc (with no filter on): back to the shows. */
  onBack(): void;
}

type Row = ListEntry<Episode>;

const formatRow = (entry: Row, _index: number, width: number) => episodeRow(entry, width);
const toTarget = (entry: Row): DetailsTarget | null => (isUnreadable(entry) ? null : { kind: 'episode', episode: entry });

/** The show's episodes come without `show`; the details and Now playing name it, so each page gets it once. */
const withShow = new WeakMap<Paging<Row>, Paging<Row>>();
function attachShow(page: Paging<Row>, show: Show): Paging<Row> {
  let attached = withShow.get(page);
  if (attached === undefined) {
    const items = page.items.map((entry) => (!isUnreadable(entry) && entry.show === null ? { ...entry, show } : entry));
    attached = { ...page, items };
    withShow.set(page, attached);
  }
  return attached;
}

/** A show's episodes, newest first (the order it plays in); Enter plays one at its resume point. */
export const EpisodeList = memo(function EpisodeList(props: EpisodeListProps) {
  const api = useApi();
  const starter = usePlayStarter();
  const { show, isFocused, width, height, onBack } = props;
  const { rows, rowWidth } = listBodySize(width, height);
  // The first page as last read: `P` finds the first unfinished episode there without a request.
  const firstPage = useRef<Paging<Row> | null>(null);
  const fetchPage = useCallback(
    async (page: PageRequest, signal: AbortSignal) => {
      const episodes = attachShow(await api.getShowEpisodes(show.id, page, { signal }), show);
      if (page.offset === 0) firstPage.current = episodes;
      return episodes;
    },
    [api, show],
  );
  const list = useLibraryList<Row>({
    ...props,
    sourceKey: `show:${show.id}`,
    label: 'episodes',
    fetchPage,
    totalHint: show.total_episodes,
    formatRow,
    matchText: episodeMatch,
    toTarget,
    height: rows,
    width: rowWidth,
    onBack,
    onOpen: (episode, position) => {
      if (isUnreadable(episode)) return starter?.refuse(standInRefusal('play', episode));
      if (starter?.refuseUnplayable(episode) === false) starter.start(showEpisodeRequest(show, episode, position, list.total));
    },
    onPlay: () => starter?.start(playFromFirstUnfinished(api, { kind: 'show', show }, firstPage.current)),
  });
  const total = list.total ?? show.total_episodes;
  const title = `${sanitizeText(show.name)} · ${formatCount(total)} episodes`;
  return (
    <LibraryListView
      title={title}
      details={props.details}
      emptyText="This show has no episodes yet."
      list={list}
      isFocused={isFocused}
      width={width}
      height={height}
    />
  );
});
