/** What the scan keeps of one file's tags (music_files.tags, as JSON): cleaned text, numbers, chapters. */
export interface FileTags {
  title: string | null;
  artists: string[];
  album: string | null;
  albumArtists: string[];
  compilation: boolean;
  /** `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, or null. */
  date: string | null;
  disc: number | null;
  track: number | null;
  durationMs: number;
  isrc: string | null;
  label: string | null;
  genres: string[];
  /** MusicBrainz ids, when the tagger wrote them: the most stable key there is. */
  musicbrainzTrack: string | null;
  musicbrainzAlbum: string | null;
  /** Chapters in order (an audiobook's); null when the file has none. */
  chapters: FileChapter[] | null;
  /** Why the tags could not be read (a truncated or unreadable file): it is then known by its name. */
  unreadable: string | null;
}

export interface FileChapter {
  title: string | null;
  startMs: number;
  /** Null: the file's end. */
  endMs: number | null;
}

export function noTags(unreadable: string | null): FileTags {
  return {
    title: null, artists: [], album: null, albumArtists: [], compilation: false, date: null, disc: null, track: null,
    durationMs: 0, isrc: null, label: null, genres: [], musicbrainzTrack: null, musicbrainzAlbum: null, chapters: null, unreadable,
  };
}
