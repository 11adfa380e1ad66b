import { isUnreadable } from '../../api/list-entry.js';
import type { ResumePoint } from '../../api/types.js';
import type { AlbumDetails } from '../../api/library-types.js';
import type { DetailsTarget } from '../details-target.js';
import { formatCount, formatDuration, formatTimeLeft, joinPresent } from '../format.js';
import type { Details, Loaded } from './extras.js';
import { joinNames } from '../sections/library-rows.js';
import { description, field, title, type DetailBlock } from './blocks.js';

/** What the details say of each kind of item, as blocks (blocks.ts); every kind must be here. */

type Target<K extends DetailsTarget['kind']> = Extract<DetailsTarget, { kind: K }>;

export interface DetailKind<K extends DetailsTarget['kind']> {
  /** The pane's title. */
  title: string;
  /** Its blocks, from the target and what was read for it when the cursor rested (use-details.ts). */
  blocks(target: Target<K>, read: Details): DetailBlock[];
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

const isAlbumDetails = (album: object): album is AlbumDetails => 'label' in album && 'tracks' in album;

/** A value read when the cursor rested: `…` meanwhile, why not when it failed. */
function readText<T>(read: Loaded<T> | null, text: (value: T) => string | null): string | null {
  if (read === null || read.state === 'loading') return '…';
  return read.state === 'failed' ? `couldn't read: ${read.message}` : text(read.value);
}

/** The album's length: the sum of its tracks, `42:10`; with a `+` where only its first page of tracks is known. */
export function albumLength(album: AlbumDetails): string {
  const tracks = album.tracks.items.filter((entry) => !isUnreadable(entry));
  const total = tracks.reduce((sum, track) => sum + ('duration_ms' in track ? track.duration_ms : 0), 0);
  return album.tracks.total > album.tracks.items.length ? `${formatDuration(total)}+ (first ${tracks.length} tracks)` : formatDuration(total);
}

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
  album: {
    title: 'Album',
    blocks: ({ album }, read) => {
      const whole = isAlbumDetails(album) ? album : read.album?.state === 'loaded' ? read.album.value : null;
      const fromWhole = (text: (value: AlbumDetails) => string | null): string | null =>
        whole === null ? readText(read.album, text) : text(whole);
      return [
        title(album.name),
        ...field('Artists', joinNames(album.artists)),
        ...field('Released', present(album.release_date)),
        ...field('Type', present(album.album_type)),
        ...field('Label', fromWhole((value) => present(value.label))),
        ...field('Tracks', formatCount(album.total_tracks)),
        ...field('Length', fromWhole(albumLength)),
        ...field('Genres', whole === null || whole.genres.length === 0 ? null : whole.genres.join(', ')),
        ...field('Copyright', whole?.copyrights[0]?.text ?? null),
      ];
    },
  },
  artist: {
    title: 'Artist',
    blocks: ({ artist }, read) => [
      title(artist.name),
      ...field('Genres', artist.genres.length === 0 ? 'none listed' : artist.genres.join(', ')),
      ...field('Albums', readText(read.artistAlbums, formatCount)),
      ...field('Followers', artist.followers === null ? null : formatCount(artist.followers)),
      ...field('Popularity', artist.popularity === null ? null : String(artist.popularity)),
    ],
  },
};

const NOTHING_READ: Details = { chapters: null, album: null, artistAlbums: null };

/** The pane's title and the blocks of `target`, with what was read for it. */
export function detailsOf(target: DetailsTarget, read: Details = NOTHING_READ): { title: string; blocks: DetailBlock[] } {
  const kind = DETAIL_KINDS[target.kind] as DetailKind<DetailsTarget['kind']>;
  return { title: kind.title, blocks: kind.blocks(target, read) };
}
