import { extname } from 'node:path';
import { parseFile, type IAudioMetadata } from 'music-metadata';
import { noTags, type FileChapter, type FileTags } from './file-tags.js';
import { chplChapters, readMoov } from './mp4-chapters.js';
import { tagText, tagTexts } from './tag-text.js';

/**
 * One file's tags, read by music-metadata without its pictures (covers are read when asked for:
 * covers.ts). A file it cannot read (truncated, not what its name says, unreadable) gives tags that say why:
 * the catalog then knows it by its file name. Never throws.
 */
export async function readTags(path: string): Promise<FileTags> {
  let metadata: IAudioMetadata;
  const extension = extname(path).toLowerCase();
  try {
    metadata = await parseFile(path, { skipCovers: true, includeChapters: true, skipPostHeaders: !TAGGED_AT_THE_END.has(extension), duration: LENGTH_AT_THE_END.has(extension) });
  } catch (error) {
    return noTags(error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : String(error));
  }
  const tags = tagsOf(metadata);
  if (isMp4(path) && (tags.chapters === null || tags.chapters.length < 2) && hasChapterTrack(metadata, path)) {
    try {
      const moov = await readMoov(path);
      const chapters = moov ? chplChapters(moov) : null;
      if (chapters) tags.chapters = chapters;
    } catch {
      // The chapters are a bonus: the file plays as one.
    }
  }
  return tags;
}

/** Formats whose tags may be at the file's end (ID3v1, APEv2): the others' are read from their start alone. */
const TAGGED_AT_THE_END: ReadonlySet<string> = new Set(['.mp3', '.aac', '.ape', '.wv', '.mpc']);
/**
 * Formats whose length only their end tells (an Ogg stream's last page holds the position of its last sample):
 * music-metadata reads that page for them; for the others the header says it, or a frame count would read all.
 */
const LENGTH_AT_THE_END: ReadonlySet<string> = new Set(['.ogg', '.oga', '.opus', '.spx']);

const isMp4 = (path: string) => ['.m4a', '.m4b', '.mp4'].includes(extname(path).toLowerCase());

/** An .m4b, or an MP4 with a text track (where chapter titles live): worth reading the moov atom for chapters. */
function hasChapterTrack(metadata: IAudioMetadata, path: string): boolean {
  return extname(path).toLowerCase() === '.m4b' || metadata.format.trackInfo.some((track) => track.codecName === '<text>');
}

const positive = (value: number | null | undefined): number | null => (typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 10_000 ? value : null);

/** `2019`, `2019-05`, `2019-05-02` from the date or the year tag. */
function dateOf(metadata: IAudioMetadata): string | null {
  const text = tagText(metadata.common.date ?? metadata.common.originaldate);
  const match = text ? /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(text) : null;
  if (match) return match.slice(1).filter((part) => part !== undefined).join('-');
  const year = positive(metadata.common.year ?? metadata.common.originalyear);
  return year && year >= 1000 ? String(year) : null;
}

function chaptersOf(metadata: IAudioMetadata): FileChapter[] | null {
  const chapters = metadata.format.chapters;
  if (!chapters || chapters.length === 0) return null;
  const starts = chapters.map((chapter) => ({
    title: tagText(chapter.title),
    startMs: Math.round(chapter.timeScale ? (chapter.start / chapter.timeScale) * 1000 : chapter.start),
  }));
  return starts.map((start, index) => ({ ...start, endMs: starts[index + 1]?.startMs ?? null }));
}

function tagsOf(metadata: IAudioMetadata): FileTags {
  const { common, format } = metadata;
  const artists = tagTexts(common.artists?.length ? common.artists : [common.artist]);
  const albumArtists = tagTexts(common.albumartists?.length ? common.albumartists : [common.albumartist]);
  return {
    title: tagText(common.title),
    artists,
    album: tagText(common.album),
    albumArtists,
    compilation: common.compilation === true,
    date: dateOf(metadata),
    disc: positive(common.disk.no),
    track: positive(common.track.no),
    durationMs: Number.isFinite(format.duration) ? Math.max(0, Math.round(format.duration! * 1000)) : 0,
    isrc: tagText(common.isrc?.[0]),
    label: tagText(common.label?.[0]),
    genres: tagTexts(common.genre),
    musicbrainzTrack: tagText(common.musicbrainz_trackid),
    musicbrainzAlbum: tagText(common.musicbrainz_albumid),
    chapters: chaptersOf(metadata),
    unreadable: null,
  };
}
