import type { SeedAlbum, SeedArtist, SeedAudiobook, SeedChapter, SeedEpisode, SeedShow } from '../seed/types.js';
import { imagesFor, isoDate } from '../seed/text.js';
import { EVERYWHERE } from '../markets.js';
import { albumDocument, artistDocument, trackColumns } from '../store/discography-documents.js';
import type { AlbumGroup } from '../store/discography.js';
import { audiobookDocument, chapterDocument, episodeDocument, showDocument, type CatalogIndex } from '../store/documents.js';
import type { TrackColumns } from '../store/discography-documents.js';
import type { FileTags } from './file-tags.js';
import { idOf, keyOf } from './ids.js';
import { albumArtistsOf, fileTitle, folderOf, itemIds, UNKNOWN_ARTIST, VARIOUS_ARTISTS, type FileKind, type RootName } from './placement.js';

/**
 * The rows of one album, show or audiobook, made from its files with the document builders of the demo's
 * catalog (store/documents.ts, discography-documents.ts), so that every route reads them as it reads the demo's.
 * Pure: catalog-writer.ts writes what these return.
 */

export interface FileRow {
  root: RootName;
  path: string;
  mtimeMs: number;
  kind: FileKind;
  containerId: string;
  itemKey: string;
  tags: FileTags;
}

/** Where an item's sound is: its file, and the part of it for a chapter. */
export interface ItemFile {
  id: string;
  root: RootName;
  path: string;
  startMs: number;
  endMs: number | null;
}

/** What search finds a row by: its name first (search-index.ts's columns of its kind). */
export interface Searched {
  id: string;
  texts: string[];
}

export interface ArtistRowData {
  id: string;
  name: string;
  doc: string;
}

const byPath = (one: FileRow, other: FileRow) => (one.path < other.path ? -1 : one.path > other.path ? 1 : 0);
const lastFolderName = (path: string) => folderOf(path).split('/').pop() ?? '';
const newest = (files: readonly FileRow[]) => Math.max(...files.map((file) => file.mtimeMs));

export function artistOf(name: string): ArtistRowData {
  const artist: SeedArtist = { id: idOf('artist', keyOf(name)), name, genres: [], popularity: 0, followers: 0, images: [] };
  return { id: artist.id, name, doc: artistDocument(artist) };
}

export interface AlbumRows {
  album: { id: string; markets: string; total_tracks: number; doc: string; details: string };
  /** When it came into the folder (its newest file): the date it is saved in the library at first sight. */
  addedAt: number;
  albumArtistIds: string[];
  artists: ArtistRowData[];
  tracks: TrackColumns[];
  files: ItemFile[];
  places: { artistId: string; group: AlbumGroup; releaseDate: string }[];
  search: { album: Searched; tracks: Searched[] };
}

export function albumRows(albumId: string, unsorted: readonly FileRow[], topName: string): AlbumRows {
  const files = [...unsorted].sort(byPath);
  const first = files.find((file) => file.tags.album !== null) ?? files[0]!;
  const tagged = files.find((file) => albumArtistsOf(file.tags).length > 0)?.tags;
  const albumArtistNames = tagged ? albumArtistsOf(tagged) : [UNKNOWN_ARTIST];
  const isCompilation = files.some((file) => file.tags.compilation) || albumArtistNames[0] === VARIOUS_ARTISTS;
  const name = first.tags.album ?? (lastFolderName(first.path) || topName);
  const date = files.map((file) => file.tags.date).find((value) => value !== null) ?? '';
  const artists = new Map<string, ArtistRowData>();
  const artistFor = (artistName: string) => {
    const artist = artistOf(artistName);
    if (!artists.has(artist.id)) artists.set(artist.id, artist);
    return artist.id;
  };
  const albumArtistIds = albumArtistNames.map(artistFor);
  const ids = itemIds('track', files);
  const ordered = [...files].sort((one, other) => (one.tags.disc ?? 1) - (other.tags.disc ?? 1) || (one.tags.track ?? 1e9) - (other.tags.track ?? 1e9) || byPath(one, other));
  const places = new Map<string, number>();
  const tracks = ordered.map((file) => {
    const disc = file.tags.disc ?? 1;
    const place = (places.get(String(disc)) ?? 0) + 1;
    places.set(String(disc), place);
    const artistNames = file.tags.artists.length > 0 ? file.tags.artists : albumArtistNames;
    return trackColumns({
      id: ids.get(file)!, name: file.tags.title ?? fileTitle(file.path), album_id: albumId, artist_ids: artistNames.map(artistFor),
      duration_ms: file.tags.durationMs, explicit: false, popularity: 0, track_number: file.tags.track ?? place, disc_number: disc,
      isrc: file.tags.isrc ?? '', available_markets: [], relinked_to: null,
    });
  });
  const seedAlbum: SeedAlbum = {
    id: albumId, name, album_type: isCompilation ? 'compilation' : 'album', artist_ids: albumArtistIds, release_date: date,
    release_date_precision: date.length === 10 ? 'day' : date.length === 7 ? 'month' : 'year', images: imagesFor(albumId),
    available_markets: [], total_tracks: files.length,
  };
  const seedArtists = new Map([...artists.values()].map((artist) => [artist.id, { id: artist.id, name: artist.name } as SeedArtist]));
  const label = first.tags.label ?? '';
  const details = JSON.stringify({ copyrights: [], external_ids: {}, genres: first.tags.genres, label, popularity: 0 }).slice(1, -1);
  const group: AlbumGroup = isCompilation ? 'compilation' : 'album';
  const placed = new Map<string, AlbumGroup>(albumArtistIds.map((artistId) => [artistId, group]));
  for (const track of tracks) for (const artistId of track.artist_ids.split(',')) if (!placed.has(artistId)) placed.set(artistId, 'appears_on');
  const nameOf = (artistId: string) => artists.get(artistId)?.name ?? '';
  return {
    album: { id: albumId, markets: EVERYWHERE, total_tracks: files.length, doc: albumDocument(seedAlbum, seedArtists), details },
    addedAt: newest(files),
    albumArtistIds,
    artists: [...artists.values()],
    tracks,
    files: ordered.map((file) => ({ id: ids.get(file)!, root: file.root, path: file.path, startMs: 0, endMs: null })),
    places: [...placed].map(([artistId, placeGroup]) => ({ artistId, group: placeGroup, releaseDate: date })),
    search: {
      album: { id: albumId, texts: [name, albumArtistNames.join(' ')] },
      tracks: tracks.map((track) => ({ id: track.id, texts: [track.name, track.artist_ids.split(',').map(nameOf).join(' '), name] })),
    },
  };
}

const index = (counts: Record<string, number>): CatalogIndex => ({
  artists: new Map(), albums: new Map(), shows: new Map(), audiobooks: new Map(),
  episodeCounts: new Map(Object.entries(counts)), chapterCounts: new Map(Object.entries(counts)),
});

export interface ShowRows {
  show: { id: string; markets: string; doc: string };
  addedAt: number;
  /** Oldest first, as the store keeps them (and lists them newest first). */
  episodes: { id: string; show_id: string; duration_ms: number; doc: string }[];
  files: ItemFile[];
  search: { show: Searched; episodes: Searched[] };
}

/** A date tag as a day (`2019` is its first day), else the file's time. */
const dayOf = (tags: FileTags, mtimeMs: number): string => {
  const date = tags.date;
  if (date === null) return isoDate(mtimeMs);
  return date.length === 10 ? date : date.length === 7 ? `${date}-01` : `${date}-01-01`;
};

export function showRows(showId: string, unsorted: readonly FileRow[], podcastsName: string): ShowRows {
  const files = [...unsorted].sort(byPath);
  const folder = files[0]!.path.includes('/') ? files[0]!.path.slice(0, files[0]!.path.indexOf('/')) : podcastsName;
  const publisher = files.map((file) => file.tags.albumArtists[0] ?? file.tags.artists[0]).find((name) => name !== undefined) ?? '';
  const ids = itemIds('episode', files);
  const show: SeedShow = {
    id: showId, name: folder, publisher, description: '', html_description: '', explicit: false, languages: [], media_type: 'audio',
    images: imagesFor(showId), available_markets: [],
  };
  const showDoc = showDocument(show, index({ [showId]: files.length }));
  const dated = files.map((file) => ({ file, day: dayOf(file.tags, file.mtimeMs) }));
  dated.sort((one, other) => (one.day < other.day ? -1 : one.day > other.day ? 1 : one.file.mtimeMs - other.file.mtimeMs || byPath(one.file, other.file)));
  const episodes = dated.map(({ file, day }) => {
    const episode: SeedEpisode = {
      id: ids.get(file)!, show_id: showId, name: file.tags.title ?? fileTitle(file.path), description: '', html_description: '',
      duration_ms: file.tags.durationMs, explicit: false, language: '', release_date: day, images: imagesFor(showId),
    };
    return { id: episode.id, show_id: showId, duration_ms: episode.duration_ms, doc: episodeDocument(episode, showDoc), name: episode.name };
  });
  return {
    show: { id: showId, markets: EVERYWHERE, doc: showDoc },
    addedAt: newest(files),
    episodes: episodes.map(({ name: _name, ...episode }) => episode),
    files: dated.map(({ file }) => ({ id: ids.get(file)!, root: file.root, path: file.path, startMs: 0, endMs: null })),
    search: { show: { id: showId, texts: [folder, publisher] }, episodes: episodes.map((episode) => ({ id: episode.id, texts: [episode.name, folder] })) },
  };
}

export interface AudiobookRows {
  audiobook: { id: string; markets: string; doc: string };
  addedAt: number;
  chapters: { id: string; audiobook_id: string; chapter_number: number; duration_ms: number; doc: string }[];
  files: ItemFile[];
  search: { audiobook: Searched };
}

/** An audiobook of one file or several (a book in parts: by disc, track number, then path), its chapters in order. */
export function audiobookRows(audiobookId: string, unsorted: readonly FileRow[]): AudiobookRows {
  const files = [...unsorted].sort((one, other) => (one.tags.disc ?? 1) - (other.tags.disc ?? 1) || (one.tags.track ?? 0) - (other.tags.track ?? 0) || byPath(one, other));
  const first = files[0]!;
  const name = first.tags.album ?? first.tags.title ?? fileTitle(first.path);
  const authors = albumArtistsOf(first.tags);
  const audiobook: SeedAudiobook = {
    id: audiobookId, name, authors, narrators: [], publisher: first.tags.label ?? '', description: '', html_description: '',
    edition: 'Unabridged', explicit: false, languages: [], images: imagesFor(audiobookId), available_markets: [],
  };
  const parts: { file: FileRow; title: string | null; startMs: number; endMs: number | null; durationMs: number }[] = [];
  for (const file of files) {
    const chapters = file.tags.chapters ?? [{ title: file.tags.title, startMs: 0, endMs: null }];
    for (const chapter of chapters) {
      const end = chapter.endMs ?? file.tags.durationMs;
      parts.push({ file, title: chapter.title, startMs: chapter.startMs, endMs: chapter.endMs, durationMs: Math.max(0, end - chapter.startMs) });
    }
  }
  const chapters = parts.map((part, place) => {
    const chapter: SeedChapter = {
      id: idOf('chapter', `${audiobookId}\u0001${place + 1}`), audiobook_id: audiobookId, chapter_number: place + 1,
      name: part.title ?? `Chapter ${place + 1}`, description: '', html_description: '', duration_ms: part.durationMs, explicit: false,
      release_date: dayOf(part.file.tags, part.file.mtimeMs),
    };
    return { id: chapter.id, audiobook_id: audiobookId, chapter_number: chapter.chapter_number, duration_ms: chapter.duration_ms, doc: chapterDocument(chapter, audiobook) };
  });
  return {
    audiobook: { id: audiobookId, markets: EVERYWHERE, doc: audiobookDocument(audiobook, index({ [audiobookId]: chapters.length })) },
    addedAt: newest(files),
    chapters,
    files: parts.map((part, place) => ({ id: chapters[place]!.id, root: part.file.root, path: part.file.path, startMs: part.startMs, endMs: part.endMs })),
    search: { audiobook: { id: audiobookId, texts: [name, authors.join(' '), ''] } },
  };
}
