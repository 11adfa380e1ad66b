import { isUnreadable } from '../../api/list-entry.js';
import type { Episode, ListEntry, SavedShow, Show } from '../../api/types.js';
import { formatCount } from '../format.js';
import { episodeMatch, episodeRow } from './episode-rows.js';
import { showMatch, showRow } from './library-rows.js';
import { playFromFirstUnfinished } from '../play/first-unfinished.js';
import { showEpisodeRequest } from '../play/play-request.js';
import { sanitizeText } from '../sanitize.js';
import { countedTitle, onReadable, withParentOnce } from './helpers.js';
import type { ListView } from './types.js';

/** The show's episodes come without `show`; the details and Now playing name it. */
const withShow = withParentOnce<Episode, Show>((episode, show) => (episode.show === null ? { ...episode, show } : episode));

/** A show's episodes, newest first (the order it plays in); Enter plays one at its resume point, `P` the first unfinished. */
export const episodes: ListView<ListEntry<Episode>, Show> = {
  kind: 'list',
  sourceKey: (show) => `show:${show.id}`,
  label: 'episodes',
  title: (show, total) => `${sanitizeText(show.name)} · ${formatCount(total ?? show.total_episodes)} episodes`,
  emptyText: 'This show has no episodes yet.',
  source: {
    fetchPage: async (api, show, page, signal) => withShow(await api.getShowEpisodes(show.id, page, { signal }), show),
    totalHint: (show) => show.total_episodes,
  },
  rereadOn: ['minutely'],
  row: episodeRow,
  match: episodeMatch,
  details: (entry) => (isUnreadable(entry) ? null : { kind: 'episode', episode: entry }),
  open: onReadable('play', (episode, at) => {
    if (!at.player.refuseUnplayable(episode)) at.player.start(showEpisodeRequest(at.parent, episode, at.position, at.total));
  }),
  play: (_entry, at) => at.player.start(playFromFirstUnfinished(at.api, { kind: 'show', show: at.parent }, at.firstPage)),
  likes: null,
};

/** The user's saved shows (GET /me/shows); Enter opens a show's episodes, `P` plays its first unfinished episode. */
export const shows: ListView<ListEntry<SavedShow>> = {
  kind: 'list',
  sourceKey: () => 'me/shows',
  label: 'saved shows',
  title: countedTitle('Saved shows'),
  emptyText: 'No saved shows.',
  source: { fetchPage: (api, _parent, page, signal) => api.getSavedShows(page, { signal }) },
  rereadOn: ['minutely', 'libraryChanged'],
  row: showRow,
  match: showMatch,
  details: (entry) => (isUnreadable(entry) ? null : { kind: 'show', show: entry.show }),
  open: onReadable('open', ({ show }, at) => at.drill(episodes, show)),
  play: onReadable('play', ({ show }, at) => at.player.start(playFromFirstUnfinished(at.api, { kind: 'show', show }))),
  likes: { kind: 'show', isLibrary: true },
};
