/**
 * Real audio files for the tests of a music folder and of sound: sine tones made by ffmpeg, tagged, with an
 * embedded cover or chapters where asked. A tone's frequency tells which file was heard. Tests that need these
 * skip where ffmpeg is missing (.ci/run installs it), saying so in one line (system-tools.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { missingTools } from './system-tools.js';

/** Why audio files cannot be made here, or null when they can. */
export function missingFfmpeg(): string | null {
  return missingTools(['ffmpeg'], 'ffmpeg');
}

export interface Chapter {
  title: string;
  startMs: number;
  endMs: number;
}

export interface ToneOptions {
  /** Hz; 440 unless given. */
  frequency?: number;
  /** Length in seconds (fractions allowed); 2 unless given. */
  seconds?: number;
  /** Tags as ffmpeg names them: title, artist, album, album_artist, track ("3/12"), disc, date, genre, compilation. */
  tags?: Record<string, string>;
  /** An embedded cover (a PNG or JPEG file's bytes are not needed: a plain colour picture of this size is made). */
  cover?: { width: number; height: number; colour?: string };
  /** Chapters, for an .m4b or .m4a (an audiobook). */
  chapters?: readonly Chapter[];
  /** A tone in steps, each of its own frequency for its seconds (in place of `frequency` and `seconds`): what is heard tells where in the file. */
  steps?: readonly { frequency: number; seconds: number }[];
}

/** The codec for each container the music folder reads (the file's extension decides). */
const CODECS: Record<string, string[]> = {
  '.mp3': ['-c:a', 'libmp3lame', '-b:a', '64k'],
  '.flac': ['-c:a', 'flac'],
  '.ogg': ['-c:a', 'libvorbis', '-q:a', '0'],
  '.opus': ['-c:a', 'libopus', '-b:a', '32k'],
  '.m4a': ['-c:a', 'aac', '-b:a', '64k'],
  '.m4b': ['-c:a', 'aac', '-b:a', '64k'],
  '.wav': ['-c:a', 'pcm_s16le'],
};

/** Writes a tone to `path` (its folder made), the container from its extension; returns `path`. */
export function makeTone(path: string, options: ToneOptions = {}): string {
  const extension = extname(path).toLowerCase();
  const codec = CODECS[extension];
  if (!codec) throw new Error(`makeTone: no codec for ${extension}`);
  mkdirSync(dirname(path), { recursive: true });
  const { frequency = 440, seconds = 2, tags = {}, cover, chapters } = options;
  const args = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', options.steps ? stepsOf(options.steps) : `sine=frequency=${frequency}:duration=${seconds}:sample_rate=44100`];
  const maps = ['-map', '0:a'];
  let input = 1;
  // The chapters' list is written outside the folder: a music folder under test holds only what the test put there.
  const scratch = chapters ? mkdtempSync(join(tmpdir(), 'playdeck-chapters-')) : null;
  if (cover) {
    args.push('-f', 'lavfi', '-i', `color=c=${cover.colour ?? 'red'}:s=${cover.width}x${cover.height}:d=1`);
    // MP4 and MP3 covers as JPEG, FLAC's as PNG: what taggers write most.
    const pictureCodec = extension === '.flac' ? 'png' : 'mjpeg';
    maps.push('-map', `${input}:v`, '-frames:v', '1', `-c:v`, pictureCodec, '-disposition:v', 'attached_pic');
    input += 1;
  }
  if (chapters) {
    const metadata = join(scratch!, 'chapters.txt');
    const sections = chapters.map((chapter) => `[CHAPTER]\nTIMEBASE=1/1000\nSTART=${chapter.startMs}\nEND=${chapter.endMs}\ntitle=${chapter.title}\n`);
    writeFileSync(metadata, `;FFMETADATA1\n${sections.join('')}`);
    args.push('-i', metadata);
    maps.push('-map_chapters', String(input));
    input += 1;
  }
  for (const [key, value] of Object.entries(tags)) args.push('-metadata', `${key}=${value}`);
  // ID3v2.3 is what most players and taggers write; ffmpeg's default is v2.4.
  if (extension === '.mp3') args.push('-id3v2_version', '3');
  try {
    execFileSync('ffmpeg', [...args, ...maps, ...codec, path], { stdio: ['ignore', 'ignore', 'pipe'] });
  } finally {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
  return path;
}

/** One lavfi graph of sines played one after the other. */
function stepsOf(steps: readonly { frequency: number; seconds: number }[]): string {
  const sines = steps.map((step, place) => `sine=frequency=${step.frequency}:duration=${step.seconds}:sample_rate=44100[s${place}]`);
  return `${sines.join(';')};${steps.map((_, place) => `[s${place}]`).join('')}concat=n=${steps.length}:v=0:a=1[out0]`;
}
