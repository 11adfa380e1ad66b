import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverPng } from '../../../src/service/images/cover-picture.js';
import { makeTone, missingFfmpeg } from '../../helpers/audio-files.js';
import { albumsOf, musicSandbox, startMusic, type MusicSandbox, type MusicService } from '../../helpers/music-folder.js';
import { sayWhySkipped } from '../../helpers/system-tools.js';

const why = missingFfmpeg();
sayWhySkipped('the catalog read from a music folder', why);

/**
 * The catalog read from a folder of real files (every format, tags, compilations, discs, tagless and broken
 * files, links, covers, spoken word), over HTTP from the real embedded service after its first scan.
 */
describe.skipIf(why !== null)('a music folder as the catalog', () => {
  let sandbox: MusicSandbox;
  let service: MusicService;
  const outside = () => join(sandbox.root, 'Elsewhere');

  beforeAll(async () => {
    sandbox = musicSandbox();
    const { music } = sandbox;
    const album = { album: 'First Light', album_artist: 'Alice', artist: 'Alice', date: '2019' };
    makeTone(join(music, 'Alice/First Light/01.mp3'), { frequency: 300, tags: { ...album, title: 'Dawn', track: '1/3', disc: '1/2' }, cover: { width: 24, height: 24 } });
    makeTone(join(music, 'Alice/First Light/02.flac'), { frequency: 320, tags: { ...album, title: 'Noon', track: '2/3', disc: '1/2' } });
    makeTone(join(music, 'Alice/First Light/03.m4a'), { frequency: 340, tags: { ...album, title: 'Dusk', track: '1/1', disc: '2/2' } });
    makeTone(join(music, 'Hits/01.ogg'), { tags: { album: 'Summer Hits', artist: 'Bob', title: 'Sun', compilation: '1', track: '1' } });
    makeTone(join(music, 'Hits/02.opus'), { tags: { album: 'Summer Hits', artist: 'Carol', title: 'Sand', compilation: '1', track: '2' } });
    writeFileSync(join(music, 'Hits/Cover.PNG'), coverPng('beside', 16));
    makeTone(join(music, 'Loose/plain.wav'), { frequency: 500 });
    makeTone(join(music, 'Big/01.opus'), { tags: { album: 'Big Picture', artist: 'Dora', title: 'Wide' } });
    // A picture past what is served: measured, never read.
    writeFileSync(join(music, 'Big/cover.jpg'), Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024)]));
    makeTone(join(music, 'Loose/Evil.mp3'), { tags: { title: 'Evil\u001b]0;pwned\u0007 title', artist: 'Mallory\u009b31m' } });
    writeFileSync(join(music, 'Loose/broken.mp3'), readFileSync(join(music, 'Alice/First Light/01.mp3')).subarray(0, 40));
    writeFileSync(join(music, 'Loose/not really.flac'), 'this is text, not audio');
    writeFileSync(join(music, 'Loose/notes.txt'), 'not audio at all');
    // A loop (a link to a folder above) and a link out of the folder.
    symlinkSync('..', join(music, 'Alice/loop'));
    makeTone(join(outside(), 'Away.mp3'), { tags: { title: 'Away', artist: 'Eve', album: 'Far' } });
    symlinkSync(outside(), join(music, 'Outside'));
    makeTone(join(music, 'Podcasts/Night Talk/first.ogg'), { tags: { title: 'Episode One', artist: 'Host', date: '2021-03-01' } });
    makeTone(join(music, 'Podcasts/Night Talk/second.ogg'), { tags: { title: 'Episode Two', artist: 'Host', date: '2021-04-01' } });
    makeTone(join(music, 'Books/tale.m4b'), {
      seconds: 3,
      tags: { title: 'A Tale', artist: 'Writer' },
      chapters: [{ title: 'Opening', startMs: 0, endMs: 1000 }, { title: 'Middle', startMs: 1000, endMs: 2000 }, { title: 'End', startMs: 2000, endMs: 3000 }],
    });
    service = await startMusic(sandbox);
    // ffmpeg sixteen times and a scan: seconds alone, far more on a loaded machine.
  }, 120_000);
  afterAll(async () => {
    await service?.close();
    sandbox?.remove();
  });

  it('makes albums of the tags: album artist, discs and track numbers, durations, every format', async () => {
    const albums = await albumsOf(service);
    const first = albums.find((album) => album.name === 'First Light')!;
    expect(first).toMatchObject({ artists: ['Alice'], type: 'album', tracks: ['Dawn', 'Noon', 'Dusk'] });
    const page = (await service.get('/me/albums')).items.find((item: any) => item.album.name === 'First Light').album;
    expect(page.release_date).toBe('2019');
    expect(page.tracks.items.map((track: any) => [track.disc_number, track.track_number])).toEqual([[1, 1], [1, 2], [2, 1]]);
    for (const track of page.tracks.items) expect(track.duration_ms).toBeGreaterThan(1500);
    expect(page.tracks.items.every((track: any) => track.is_playable === true && track.is_local === false)).toBe(true);
  });

  it('makes one compilation of files flagged so, by Various Artists, with each artist on it', async () => {
    const hits = (await albumsOf(service)).find((album) => album.name === 'Summer Hits')!;
    expect(hits).toMatchObject({ artists: ['Various Artists'], type: 'compilation', tracks: ['Sun', 'Sand'] });
    const artists = (await service.get('/me/following?type=artist&limit=50')).artists.items.map((artist: any) => artist.name);
    expect(artists).toEqual(expect.arrayContaining(['Alice', 'Various Artists']));
    const bob = (await service.get('/search?q=bob&type=artist')).artists.items[0];
    expect(bob.name).toBe('Bob');
    const bobsAlbums = await service.get(`/artists/${bob.id}/albums?include_groups=appears_on`);
    expect(bobsAlbums.items.map((album: any) => album.name)).toEqual(['Summer Hits']);
  });

  it('knows tagless, truncated and unreadable files by their names, and ignores what is not audio', async () => {
    const loose = (await albumsOf(service)).find((album) => album.name === 'Loose')!;
    expect([...loose.tracks].sort()).toEqual(['Evil ]0;pwned title', 'broken', 'not really', 'plain'].sort());
    // Filed under the first artist a file of the folder names.
    expect(loose.artists).toEqual(['Mallory 31m']);
    const everything = JSON.stringify(await service.get('/me/albums?limit=50'));
    expect(everything).not.toContain('notes');
  });

  it('keeps tags as plain text: no control character reaches a body', async () => {
    const found = await service.get('/search?q=evil&type=track');
    const track = found.tracks.items[0];
    expect(track.name).toBe('Evil ]0;pwned title');
    expect(track.artists[0].name).toBe('Mallory 31m');
    // eslint-disable-next-line no-control-regex
    expect(JSON.stringify(found)).not.toMatch(/\\u00(1b|07|9b)/);
  });

  it('walks a link loop once and leaves out a link leading out of the folder', async () => {
    const names = (await albumsOf(service)).flatMap((album) => album.tracks);
    expect(names.filter((name) => name === 'Dawn')).toHaveLength(1);
    expect(names).not.toContain('Away');
    const library = await service.get('/playdeck/library');
    expect(library).toMatchObject({ folder: sandbox.music, scan: { state: 'idle', first: true, found: 13, read: 13 }, sound_problem: null });
  });

  it('follows a link out of the folder with follow_outside_links', { timeout: 60_000 }, async () => {
    const other = musicSandbox();
    try {
      mkdirSync(other.music, { recursive: true });
      symlinkSync(outside(), join(other.music, 'Outside'));
      const following = await startMusic(other, { followOutsideLinks: true });
      try {
        expect((await albumsOf(following)).map((album) => album.tracks)).toEqual([['Away']]);
      } finally {
        await following.close();
      }
    } finally {
      other.remove();
    }
  });

  it('finds what the folder holds by search, and likes a track as any other', async () => {
    const found = await service.get('/search?q=dawn&type=track,album');
    expect(found.tracks.items.map((track: any) => track.name)).toEqual(['Dawn']);
    const uri = found.tracks.items[0].uri;
    expect((await service.request('PUT', `/me/library?uris=${uri}`)).status).toBe(200);
    expect((await service.get('/me/tracks')).items.map((item: any) => item.track.name)).toEqual(['Dawn']);
    expect((await service.get(`/me/library/contains?uris=${uri}`))).toEqual([true]);
  });

  it("serves an album's embedded cover, the picture beside its files, and a made one where it has none", async () => {
    const albums = (await service.get('/me/albums?limit=50')).items.map((item: any) => item.album);
    const picture = async (name: string) => {
      const url = new URL(albums.find((album: any) => album.name === name).images[0].url);
      const response = await fetch(`${service.origin}${url.pathname}`);
      return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
    };
    const embedded = await picture('First Light');
    expect(embedded).toMatchObject({ status: 200, type: 'image/jpeg' });
    expect(embedded.bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const beside = await picture('Summer Hits');
    expect(beside).toMatchObject({ status: 200, type: 'image/png', bytes: coverPng('beside', 16) });
    const made = await picture('Loose');
    expect(made).toMatchObject({ status: 200, type: 'image/png' });
    expect(made.bytes).not.toEqual(beside.bytes);
    expect(await picture('Big Picture')).toMatchObject({ status: 404, type: expect.stringContaining('application/json') });
  });

  it('makes a show of each folder of the podcasts folder, its episodes newest first', async () => {
    const shows = (await service.get('/me/shows')).items.map((item: any) => item.show);
    expect(shows.map((show: any) => show.name)).toEqual(['Night Talk']);
    const episodes = (await service.get(`/shows/${shows[0].id}/episodes`)).items;
    expect(episodes.map((episode: any) => [episode.name, episode.release_date])).toEqual([['Episode Two', '2021-04-01'], ['Episode One', '2021-03-01']]);
    // Its files are episodes, not tracks.
    expect((await albumsOf(service)).flatMap((album) => album.tracks)).not.toContain('Episode One');
  });

  it("makes an audiobook of an .m4b, its chapters the file's, each a part of it", async () => {
    const audiobook = (await service.get('/me/audiobooks')).items[0].audiobook;
    expect(audiobook).toMatchObject({ name: 'A Tale', authors: [{ name: 'Writer' }] });
    const chapters = (await service.get(`/audiobooks/${audiobook.id}/chapters`)).items;
    expect(chapters.map((chapter: any) => [chapter.name, chapter.duration_ms])).toEqual([['Opening', 1000], ['Middle', 1000], ['End', expect.any(Number)]]);
    const middle = service.music.fileOf({ type: 'chapter', id: chapters[1].id });
    expect(middle).toEqual({ path: join(sandbox.music, 'Books/tale.m4b'), startMs: 1000, endMs: 2000 });
    expect(service.music.itemOf(join(sandbox.music, 'Books/tale.m4b'))).toBeNull();
  });

  it('maps files to items and back through the MediaSource', async () => {
    const dawn = (await service.get('/search?q=dawn&type=track')).tracks.items[0];
    const path = join(sandbox.music, 'Alice/First Light/01.mp3');
    expect(service.music.itemOf(path)).toEqual({ type: 'track', id: dawn.id });
    expect(service.music.fileOf({ type: 'track', id: dawn.id })).toEqual({ path, startMs: 0, endMs: null });
    expect(service.music.itemOf(join(sandbox.music, 'Loose/notes.txt'))).toBeNull();
    expect(service.music.itemOf('/etc/passwd')).toBeNull();
  });
});
