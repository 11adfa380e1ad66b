/** Rows of what a search found, one format per kind, memoised per item (library-rows.ts). Pure. */
import type { Audiobook, Episode, Show } from '../../api/types.js';
import type { DetailsTarget } from '../details-target.js';
import { formatCount, formatDuration } from '../format.js';
import { sanitizeText } from '../sanitize.js';
import type { Found } from '../state/search-results.js';
import { joinNames, memoRow, playlistRow } from '../sections/library-rows.js';
import { albumRow, artistRow, trackRow } from '../sections/music-rows.js';
import { layoutRow } from '../row-layout.js';

const showRow = memoRow<Show>((show, width) =>
  layoutRow(
    [
      { text: sanitizeText(show.name), grow: 2 },
      { text: sanitizeText(show.publisher), isOptional: true },
      { text: `${formatCount(show.total_episodes)} ep`, width: 8, align: 'right' },
    ],
    width,
  ),
);

const episodeRow = memoRow<Episode>((episode, width) =>
  layoutRow(
    [
      { text: sanitizeText(episode.name), grow: 3 },
      { text: episode.show === null ? '' : sanitizeText(episode.show.name), grow: 2, isOptional: true },
      { text: sanitizeText(episode.release_date), width: 10 },
      { text: episode.duration_ms > 0 ? formatDuration(episode.duration_ms) : '-:--', width: 8, align: 'right' },
    ],
    width,
  ),
);

const audiobookRow = memoRow<Audiobook>((audiobook, width) =>
  layoutRow(
    [
      { text: sanitizeText(audiobook.name), grow: 2 },
      { text: joinNames(audiobook.authors), isOptional: true },
      { text: `${formatCount(audiobook.total_chapters)} ch`, width: 7, align: 'right' },
    ],
    width,
  ),
);

/** The row of something found, exactly `width` columns. */
export function foundRow(found: Found, width: number): string {
  switch (found.type) {
    case 'track':
      return trackRow(found.item, width);
    case 'album':
      return albumRow(found.item, width);
    case 'artist':
      return artistRow(found.item, width);
    case 'playlist':
      return playlistRow(found.item, width);
    case 'show':
      return showRow(found.item, width);
    case 'episode':
      return episodeRow(found.item, width);
    case 'audiobook':
      return audiobookRow(found.item, width);
  }
}

/** What the details (and `l`) would say of something found. */
export function foundTarget(found: Found): DetailsTarget {
  switch (found.type) {
    case 'track':
      return { kind: 'track', track: found.item };
    case 'album':
      return { kind: 'album', album: found.item };
    case 'artist':
      return { kind: 'artist', artist: found.item };
    case 'playlist':
      return { kind: 'playlist', playlist: found.item };
    case 'show':
      return { kind: 'show', show: found.item };
    case 'episode':
      return { kind: 'episode', episode: found.item };
    case 'audiobook':
      return { kind: 'audiobook', audiobook: found.item };
  }
}
