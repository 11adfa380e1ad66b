import { isUnreadable } from '../../api/list-entry.js';
import type { Audiobook, Chapter, ListEntry, SavedAudiobook } from '../../api/types.js';
import { formatCount } from '../format.js';
import { audiobookMatch, audiobookRow, chapterMatch, chapterRow } from './library-rows.js';
import { playFromFirstUnfinished } from '../play/first-unfinished.js';
import { chapterRequest } from '../play/play-request.js';
import { sanitizeText } from '../sanitize.js';
import { countedTitle, onReadable, withParentOnce } from './helpers.js';
import type { ListView } from './types.js';

/** Get Audiobook Chapters sends simplified chapters (no `audiobook`); the details of a chapter name its book. */
const withAudiobook = withParentOnce<Chapter, Audiobook>((chapter, audiobook) => (chapter.audiobook === null ? { ...chapter, audiobook } : chapter));

/** The chapters of one audiobook, with their resume points; Enter plays one, `P` the audiobook from its first unfinished chapter. */
export const chapters: ListView<ListEntry<Chapter>, Audiobook> = {
  kind: 'list',
  sourceKey: (audiobook) => `audiobook:${audiobook.id}`,
  label: 'chapters',
  title: (audiobook, total) => `${sanitizeText(audiobook.name)} · ${formatCount(total ?? audiobook.total_chapters)} chapters`,
  emptyText: 'No chapters.',
  source: {
    fetchPage: async (api, audiobook, page, signal) => withAudiobook(await api.getAudiobookChapters(audiobook.id, page, { signal }), audiobook),
    totalHint: (audiobook) => audiobook.total_chapters,
  },
  rereadOn: ['minutely'],
  row: chapterRow,
  match: chapterMatch,
  details: (entry) => (isUnreadable(entry) ? null : { kind: 'chapter', chapter: entry }),
  open: onReadable('play', (chapter, at) => {
    if (!at.player.refuseUnplayable(chapter)) at.player.start(chapterRequest(at.parent, chapter));
  }),
  play: (_entry, at) => at.player.start(playFromFirstUnfinished(at.api, { kind: 'audiobook', audiobook: at.parent }, at.firstPage)),
  likes: null,
};

/** The user's saved audiobooks (GET /me/audiobooks); Enter opens an audiobook's chapters. */
export const audiobooks: ListView<ListEntry<SavedAudiobook>> = {
  kind: 'list',
  sourceKey: () => 'me/audiobooks',
  label: 'audiobooks',
  title: countedTitle('Audiobooks'),
  emptyText: 'No saved audiobooks.',
  source: { fetchPage: (api, _parent, page, signal) => api.getSavedAudiobooks(page, { signal }) },
  rereadOn: ['minutely', 'libraryChanged'],
  row: audiobookRow,
  match: audiobookMatch,
  details: (entry) => (isUnreadable(entry) ? null : { kind: 'audiobook', audiobook: entry.audiobook }),
  open: onReadable('open', ({ audiobook }, at) => at.drill(chapters, audiobook)),
  play: onReadable('play', ({ audiobook }, at) => at.player.start(playFromFirstUnfinished(at.api, { kind: 'audiobook', audiobook }))),
  likes: { kind: 'audiobook', isLibrary: true },
};
