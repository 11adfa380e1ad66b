import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A large music folder made quickly for the scan's bench: one short tone per format made by ffmpeg, then
 * written again and again with other tags by the small writers below (ID3v2.3 frames before an MP3's audio,
 * a FLAC's Vorbis comment block), so that 50,000 files cost seconds, not 50,000 runs of ffmpeg.
 */
export interface Tags {
  title: string;
  artist: string;
  album: string;
  track: number;
  disc: number;
  year: number;
}

function syncsafe(size: number): Buffer {
  return Buffer.from([(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
}

function id3Frame(id: string, text: string): Buffer {
  const data = Buffer.concat([Buffer.from([0]), Buffer.from(text, 'latin1')]);
  const header = Buffer.alloc(10);
  header.write(id, 0, 'latin1');
  header.writeUInt32BE(data.length, 4);
  return Buffer.concat([header, data]);
}

/** An MP3 of `audio` (its frames, no tag) with an ID3v2.3 tag of `tags`. */
export function taggedMp3(audio: Buffer, tags: Tags): Buffer {
  const frames = Buffer.concat([
    id3Frame('TIT2', tags.title), id3Frame('TPE1', tags.artist), id3Frame('TPE2', tags.artist), id3Frame('TALB', tags.album),
    id3Frame('TRCK', String(tags.track)), id3Frame('TPOS', String(tags.disc)), id3Frame('TYER', String(tags.year)),
  ]);
  return Buffer.concat([Buffer.from('ID3\u0003\u0000\u0000', 'latin1'), syncsafe(frames.length), frames, audio]);
}

/** A FLAC's STREAMINFO block and its frames, the rest of its metadata left out. */
export function flacParts(file: Buffer): { streamInfo: Buffer; frames: Buffer } {
  let position = 4;
  let streamInfo: Buffer | null = null;
  for (;;) {
    const isLast = (file[position]! & 0x80) !== 0;
    const type = file[position]! & 0x7f;
    const length = file.readUIntBE(position + 1, 3);
    if (type === 0) streamInfo = file.subarray(position + 4, position + 4 + length);
    position += 4 + length;
    if (isLast) break;
  }
  return { streamInfo: streamInfo!, frames: file.subarray(position) };
}

/** A FLAC of `parts` with a Vorbis comment block of `tags`. */
export function taggedFlac(parts: { streamInfo: Buffer; frames: Buffer }, tags: Tags): Buffer {
  const comments = [`TITLE=${tags.title}`, `ARTIST=${tags.artist}`, `ALBUMARTIST=${tags.artist}`, `ALBUM=${tags.album}`, `TRACKNUMBER=${tags.track}`, `DISCNUMBER=${tags.disc}`, `DATE=${tags.year}`];
  const vendor = Buffer.from('playdeck bench');
  const pieces: Buffer[] = [];
  const u32 = (value: number) => {
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32LE(value);
    return buffer;
  };
  pieces.push(u32(vendor.length), vendor, u32(comments.length));
  for (const comment of comments) {
    const bytes = Buffer.from(comment);
    pieces.push(u32(bytes.length), bytes);
  }
  const block = Buffer.concat(pieces);
  const header = (type: number, length: number, isLast: boolean) => {
    const bytes = Buffer.alloc(4);
    bytes[0] = (isLast ? 0x80 : 0) | type;
    bytes.writeUIntBE(length, 1, 3);
    return bytes;
  };
  return Buffer.concat([Buffer.from('fLaC'), header(0, parts.streamInfo.length, false), parts.streamInfo, header(4, block.length, true), block, parts.frames]);
}

/** One tone of `seconds` in `format`, with no tags, made by ffmpeg in `scratch`. */
export function plainTone(scratch: string, format: 'mp3' | 'flac', seconds = 0.2): Buffer {
  const path = join(scratch, `tone.${format}`);
  const codec = format === 'mp3' ? ['-c:a', 'libmp3lame', '-b:a', '32k', '-id3v2_version', '0', '-write_xing', '0'] : ['-c:a', 'flac'];
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}:sample_rate=22050`, '-map_metadata', '-1', ...codec, path]);
  return readFileSync(path);
}

/**
 * `files` tracks under `folder`: albums of 10 tracks, 10 albums an artist, in folders `Artist/Album/NN.ext`,
 * every other album MP3 and the others FLAC. Returns the number of folders.
 */
export function writeMusicFolder(folder: string, files: number, scratch: string): number {
  const mp3 = plainTone(scratch, 'mp3');
  const flac = flacParts(plainTone(scratch, 'flac'));
  let folders = 0;
  for (let index = 0; index < files; index++) {
    const albumIndex = Math.floor(index / 10);
    const artist = `Artist ${Math.floor(albumIndex / 10)}`;
    const album = `Album ${albumIndex}`;
    const track = (index % 10) + 1;
    const where = join(folder, artist, album);
    if (track === 1) {
      mkdirSync(where, { recursive: true });
      folders += 1;
    }
    const tags: Tags = { title: `Song ${index}`, artist, album, track, disc: 1, year: 1990 + (albumIndex % 30) };
    const isMp3 = albumIndex % 2 === 0;
    writeFileSync(join(where, `${String(track).padStart(2, '0')}.${isMp3 ? 'mp3' : 'flac'}`), isMp3 ? taggedMp3(mp3, tags) : taggedFlac(flac, tags));
  }
  return folders;
}
