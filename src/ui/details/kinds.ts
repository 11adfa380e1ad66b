import type { ResumePoint } from '../../api/types.js';
import type { DetailsTarget } from '../details-target.js';
import { formatCount, formatDuration, formatTimeLeft, joinPresent } from '../format.js';
import { joinNames } from '../panes/library-rows.js';
import { description, field, title, type DetailBlock } from './blocks.js';

/** What the details say of each kind of item, as blocks (blocks.ts); every kind must be here. */

type Target<K extends DetailsTarget['kind']> = Extract<DetailsTarget, { kind: K }>;

export interface DetailKind<K extends DetailsTarget['kind']> {
  /** The pane's title. */
  title: string;
  blocks(target: Target<K>): DetailBlock[];
}

/** '12:34 left', 'played', or 'unknown' when the service sent no resume point. */
export function resumeText(resumePoint: ResumePoint | null, durationMs: number): string {
  return resumePoint === null ? 'unknown' : formatTimeLeft(resumePoint, durationMs);
}

/** Whether an item plays here, and if not the service's reason. */
export function playability(item: { is_playable: boolean; restrictions: { reason: string } | null }): string {
  if (item.is_playable) return 'yes';
  return item.restrictions === null ? 'no' : `no (${item.restrictions.reason})`;
}

export const yesNo = (value: boolean): string => (value ? 'yes' : 'no');
/** Development-mode apps get no publisher since 2026, and an edition can be null: no line for an empty one. */
const present = (value: string): string | null => (value === '' ? null : value);

export const DETAIL_KINDS: { [K in DetailsTarget['kind']]: DetailKind<K> } = {
  track: {
    title: 'Track',
    blocks: ({ track }) => {
      const year = track.album.release_date.slice(0, 4);
      return [
        title(track.name),
        ...field('Artists', joinNames(track.artists)),
        ...field('Album', year === '' ? track.album.name : `${track.album.name} (${year})`),
        ...field('Duration', formatDuration(track.duration_ms)),
        ...field('Explicit', yesNo(track.explicit)),
        ...field('Popularity', String(track.popularity)),
        ...field('Playable', playability(track)),
        ...field('Relinked', track.linked_from === null ? null : `from ${track.linked_from.id}`),
      ];
    },
  },
  episode: {
    title: 'Episode',
    blocks: ({ episode }) => [
      title(episode.name),
      ...field('Show', episode.show === null ? '' : joinPresent([episode.show.name, episode.show.publisher])),
      ...field('Released', episode.release_date),
      ...field('Duration', formatDuration(episode.duration_ms)),
      ...field('Resume', resumeText(episode.resume_point, episode.duration_ms)),
      ...field('Explicit', yesNo(episode.explicit)),
      ...field('Playable', playability(episode)),
      description(episode.html_description, episode.description),
    ],
  },
  chapter: {
    title: 'Chapter',
    blocks: ({ chapter }) => [
      title(chapter.name),
      ...field('Audiobook', chapter.audiobook?.name ?? ''),
      ...field('Chapter', String(chapter.chapter_number)),
      ...field('Duration', formatDuration(chapter.duration_ms)),
      ...field('Resume', resumeText(chapter.resume_point, chapter.duration_ms)),
      ...field('Released', chapter.release_date),
      ...field('Playable', playability(chapter)),
      description(chapter.html_description, chapter.description),
    ],
  },
  show: {
    title: 'Show',
    blocks: ({ show }) => [
      title(show.name),
      ...field('Publisher', present(show.publisher)),
      ...field('Episodes', formatCount(show.total_episodes)),
      ...field('Explicit', yesNo(show.explicit)),
      ...field('Languages', show.languages.join(', ')),
      description(show.html_description, show.description),
    ],
  },
  audiobook: {
    title: 'Audiobook',
    blocks: ({ audiobook }) => [
      title(audiobook.name),
      ...field('Authors', joinNames(audiobook.authors)),
      ...field('Narrators', joinNames(audiobook.narrators)),
      ...field('Edition', present(audiobook.edition)),
      ...field('Publisher', present(audiobook.publisher)),
      ...field('Chapters', formatCount(audiobook.total_chapters)),
      { kind: 'chapters', audiobook },
    ],
  },
  playlist: {
    title: 'Playlist',
    blocks: ({ playlist }) => [
      title(playlist.name),
      ...field('Owner', playlist.owner.display_name ?? playlist.owner.id),
      ...field('Items', formatCount(playlist.tracks.total)),
      ...field('Visibility', `${playlist.public ? 'public' : 'private'}${playlist.collaborative ? ', collaborative' : ''}`),
      // Playlist descriptions carry HTML entities, as the real service sends them.
      description(playlist.description),
    ],
  },
};

/** The pane's title and the blocks of `target`. */
export function detailsOf(target: DetailsTarget): { title: string; blocks: DetailBlock[] } {
  const kind = DETAIL_KINDS[target.kind] as DetailKind<DetailsTarget['kind']>;
  return { title: kind.title, blocks: kind.blocks(target) };
}
