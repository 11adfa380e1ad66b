/**
 * The picture of a music folder as the catalog: a small folder of tagged tones (with covers, an audiobook
 * with chapters and a playlist file) made by ffmpeg, opened with `--music`. Nothing is played: the sound
 * engine may start, but no key here starts a file.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTone } from '../../test/helpers/audio-files.js';

const ALBUMS = [
  { artist: 'Harbour Lights', album: 'Low Tide Radio', date: '2019', colour: 'teal', tracks: ['Slack Water', 'Pilot Boat', 'Signal Fires', 'Breakwater'] },
  { artist: 'The Lantern Society', album: 'Paper Moons', date: '2022', colour: 'orange', tracks: ['Paper Moons', 'Half Light', 'Kite Season'] },
  { artist: 'Mira Okafor', album: 'Field Recordings', date: '2024', colour: 'purple', tracks: ['Morning Static', 'Orchard', 'Long Division', 'Evensong', 'Coda'] },
];

/** Writes the folder under `root` and returns it. */
export function makeMusicFolder(root: string): string {
  ALBUMS.forEach(({ artist, album, date, colour, tracks }, albumPlace) => {
    tracks.forEach((title, place) => {
      const file = join(root, artist, album, `${String(place + 1).padStart(2, '0')} ${title}.mp3`);
      makeTone(file, {
        frequency: 220 + 40 * (albumPlace * 6 + place),
        seconds: 150 + 17 * place,
        tags: { title, artist, album_artist: artist, album, date, track: `${place + 1}/${tracks.length}` },
        cover: { width: 300, height: 300, colour },
      });
    });
  });
  const chapters = ['Arrival', 'The Lighthouse Keeper', 'Fog'].map((title, place) => ({ title, startMs: place * 240_000, endMs: (place + 1) * 240_000 }));
  makeTone(join(root, 'Audiobooks', 'The Quiet Coast.m4b'), {
    seconds: 720,
    tags: { title: 'The Quiet Coast', artist: 'A. N. Reader', album: 'The Quiet Coast' },
    chapters,
  });
  mkdirSync(join(root, 'Playlists'), { recursive: true });
  writeFileSync(join(root, 'Playlists', 'Night drive.m3u8'), ['#EXTM3U', '../Harbour Lights/Low Tide Radio/02 Pilot Boat.mp3', '../Mira Okafor/Field Recordings/03 Long Division.mp3', '../Gone/Missing song.mp3', ''].join('\n'));
  return root;
}
