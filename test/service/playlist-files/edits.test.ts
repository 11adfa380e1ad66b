import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PLAYLIST_ROW_FIELDS } from '../../../src/api/playlists.js';
import { localUri } from '../../../src/service/playlist-files/locations.js';
import { bodyValidator } from '../../helpers/body-schemas.js';
import { ids } from '../../helpers/service.js';
import { playlistFolder, type PlaylistFolder } from '../../helpers/playlist-folder.js';

/**
 * The music folder's playlist files through the real service (decisions §21): the editor's every write is
 * written back to the file, its lines and their form kept.
 */
let music: PlaylistFolder;
afterEach(() => music?.close());

const track = (n: number) => `playdeck:track:${ids.track(n)}`;
const ROAD_TRIP = ['#EXTM3U', '#EXTINF:181,Ana - One', '../Album/01.mp3', '# slow ones', '../Album/02.mp3', '../Gone/lost.mp3', '../Album/03.mp3'];

/** Four tracks in Album/, a Playlists folder with an extended playlist (Windows line endings) and a plain one. */
async function folderWithPlaylists(): Promise<PlaylistFolder> {
  return playlistFolder(({ media, write }) => {
    for (let n = 1; n <= 4; n++) media.put(`Album/0${n}.mp3`, { type: 'track', id: ids.track(n) });
    write('Playlists/Road trip.m3u8', ROAD_TRIP.join('\r\n') + '\r\n');
    write('plain.m3u', 'Album/04.mp3\nAlbum/01.mp3\n');
  });
}

async function playlistNamed(name: string): Promise<{ id: string; snapshot_id: string; tracks: { total: number } }> {
  const page = await music.service.get('/v1/me/playlists?limit=50');
  return page.body.items.find((playlist: { name: string }) => playlist.name === name);
}

async function itemsOf(id: string): Promise<{ uri: string; addedAt: string; isLocal: boolean; reason: string | null }[]> {
  const page = await music.service.get(`/v1/playlists/${id}/tracks?limit=100`);
  return page.body.items.map((item: any) => ({ uri: item.track.uri, addedAt: item.added_at, isLocal: item.is_local, reason: item.track.restrictions?.reason ?? null }));
}

const send = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload: object) => music.service.request({ method, url, payload });
const fileLines = (path: string) => music.read(path).split(/\r\n/);

describe('a playlist file', () => {
  it("is the local user's playlist, named by its file, its lines in order, one naming no file of the catalog unavailable", async () => {
    music = await folderWithPlaylists();
    const page = await music.service.get('/v1/me/playlists?limit=50');
    const names = page.body.items.map((playlist: { name: string }) => playlist.name);
    // Listed by path, first (the demo's own come after them here).
    expect(names.slice(0, 2)).toEqual(['Road trip', 'plain']);
    const roadTrip = page.body.items[0];
    expect(roadTrip.owner.id).toBe(ids.demo);
    const items = await itemsOf(roadTrip.id);
    expect(items.map((item) => item.uri)).toEqual([track(1), track(2), localUri('Gone/lost.mp3'), track(3)]);
    expect(items[2]).toMatchObject({ isLocal: true, reason: 'missing' });
    const local = (await music.service.get(`/v1/playlists/${roadTrip.id}/items?offset=2&limit=1`)).body;
    expect(local.items[0].track).toMatchObject({ id: null, name: 'lost.mp3', is_local: true, is_playable: false, duration_ms: 0, type: 'track' });
    const validate = bodyValidator('page of playlist items');
    expect(validate(local), JSON.stringify(validate.errors)).toBe(true);
    // What the dashboard's rows ask for tells it too.
    const rows = await music.service.get(`/v1/playlists/${roadTrip.id}/items?offset=2&limit=1&fields=${encodeURIComponent(PLAYLIST_ROW_FIELDS)}`);
    expect(rows.body.items[0].track).toMatchObject({ is_local: true, is_playable: false, restrictions: { reason: 'missing' } });
  });

  it('takes a reorder back to the file: each line with its #EXTINF and comments, paths and line endings as written', async () => {
    music = await folderWithPlaylists();
    const { id } = await playlistNamed('Road trip');
    expect((await send('PUT', `/v1/playlists/${id}/items`, { range_start: 0, insert_before: 4 })).status).toBe(200);
    await music.files.settled();
    expect(fileLines('Playlists/Road trip.m3u8')).toEqual(['#EXTM3U', '# slow ones', '../Album/02.mp3', '../Gone/lost.mp3', '../Album/03.mp3', '#EXTINF:181,Ana - One', '../Album/01.mp3', '']);
    // The unavailable line moves like any other.
    expect((await send('PUT', `/v1/playlists/${id}/items`, { range_start: 1, insert_before: 0 })).status).toBe(200);
    await music.files.settled();
    expect(fileLines('Playlists/Road trip.m3u8').slice(1, 4)).toEqual(['../Gone/lost.mp3', '# slow ones', '../Album/02.mp3']);
  });

  it('is written back by a reorder sent over loopback HTTP, as a dashboard sends it', async () => {
    music = await folderWithPlaylists();
    const { id, snapshot_id } = await playlistNamed('plain');
    await music.service.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = music.service.app.server.address() as { port: number };
    const response = await fetch(`http://127.0.0.1:${port}/v1/playlists/${id}/items`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${music.service.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ range_start: 1, insert_before: 0, snapshot_id }),
    });
    expect(response.status).toBe(200);
    await music.files.settled();
    expect(music.read('plain.m3u')).toBe('Album/01.mp3\nAlbum/04.mp3\n');
  });

  it('writes an added track relative to the playlist file, with an #EXTINF in an extended file and without in a plain one', async () => {
    music = await folderWithPlaylists();
    const roadTrip = await playlistNamed('Road trip');
    expect((await send('POST', `/v1/playlists/${roadTrip.id}/items`, { uris: [track(4)], position: 1 })).status).toBe(201);
    const plain = await playlistNamed('plain');
    expect((await send('POST', `/v1/playlists/${plain.id}/items`, { uris: [track(2)] })).status).toBe(201);
    await music.files.settled();
    expect(fileLines('Playlists/Road trip.m3u8').slice(0, 5)).toEqual(['#EXTM3U', '#EXTINF:181,Ana - One', '../Album/01.mp3', '#EXTINF:184,Fixture Artist - Track 004', '../Album/04.mp3']);
    expect(music.read('plain.m3u')).toBe('Album/04.mp3\nAlbum/01.mp3\nAlbum/02.mp3\n');
  });

  it('refuses to add a track that has no file in the music folder (its line could not be written)', async () => {
    music = await folderWithPlaylists();
    const { id } = await playlistNamed('Road trip');
    const response = await send('POST', `/v1/playlists/${id}/items`, { uris: [track(9)] });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(`Invalid uri: ${track(9)} has no file in the music folder`);
  });

  it('removes exactly the lines of a uri, an unavailable line by its local uri, and puts one back (an undone removal)', async () => {
    music = await folderWithPlaylists();
    const { id } = await playlistNamed('Road trip');
    const removed = await send('DELETE', `/v1/playlists/${id}/items`, { items: [{ uri: track(2) }, { uri: localUri('Gone/lost.mp3') }] });
    expect(removed.status).toBe(200);
    await music.files.settled();
    // The comment above the line removed stays where it was.
    expect(fileLines('Playlists/Road trip.m3u8')).toEqual(['#EXTM3U', '#EXTINF:181,Ana - One', '../Album/01.mp3', '# slow ones', '../Album/03.mp3', '']);
    expect((await send('POST', `/v1/playlists/${id}/items`, { uris: [localUri('Gone/lost.mp3')], position: 1 })).status).toBe(201);
    await music.files.settled();
    expect(fileLines('Playlists/Road trip.m3u8').slice(3, 5)).toEqual(['../Gone/lost.mp3', '# slow ones']);
    expect((await itemsOf(id))[1]).toMatchObject({ uri: localUri('Gone/lost.mp3'), isLocal: true });
  });

  it('refuses a local uri in a playlist that is not a file', async () => {
    music = await folderWithPlaylists();
    const response = await send('POST', `/v1/playlists/${ids.firstPlaylist}/items`, { uris: [localUri('Gone/lost.mp3')] });
    expect(response.status).toBe(400);
  });
});

describe('renaming and creating', () => {
  it('renames the file, keeping the id; a name no file can have goes in a #PLAYLIST: line too', async () => {
    music = await folderWithPlaylists();
    const { id } = await playlistNamed('Road trip');
    expect((await send('PUT', `/v1/playlists/${id}`, { name: 'Summer' })).status).toBe(200);
    expect(existsSync(join(music.folder, 'Playlists/Road trip.m3u8'))).toBe(false);
    expect(fileLines('Playlists/Summer.m3u8')[0]).toBe('#EXTM3U');
    expect((await send('PUT', `/v1/playlists/${id}`, { name: 'AC/DC' })).status).toBe(200);
    await music.files.settled();
    expect(fileLines('Playlists/AC_DC.m3u8').slice(0, 3)).toEqual(['#EXTM3U', '#PLAYLIST:AC/DC', '#EXTINF:181,Ana - One']);
    expect((await music.service.get(`/v1/playlists/${id}`)).body.name).toBe('AC/DC');
    await music.files.rescan();
    expect((await playlistNamed('AC/DC')).id).toBe(id);
  });

  it('rewrites only the #PLAYLIST: line of a file that names itself otherwise than its file name', async () => {
    music = await playlistFolder(({ media, write }) => {
      media.put('a.mp3', { type: 'track', id: ids.track(1) });
      write('mix01.m3u8', '#EXTM3U\n#PLAYLIST:Summer\na.mp3\n');
    });
    const { id } = await playlistNamed('Summer');
    expect((await send('PUT', `/v1/playlists/${id}`, { name: 'Autumn' })).status).toBe(200);
    await music.files.settled();
    expect(music.read('mix01.m3u8')).toBe('#EXTM3U\n#PLAYLIST:Autumn\na.mp3\n');
  });

  it('creates a new .m3u8 in the Playlists folder, beside a file of that name if there is one', async () => {
    music = await folderWithPlaylists();
    const created = await send('POST', '/v1/me/playlists', { name: 'Road trip' });
    expect(created.status).toBe(201);
    expect(music.read('Playlists/Road trip (2).m3u8')).toBe('#EXTM3U\n');
    expect((await music.service.get('/v1/me/playlists?limit=1')).body.items[0].id).toBe(created.body.id);
    expect((await send('POST', `/v1/playlists/${created.body.id}/items`, { uris: [track(3)] })).status).toBe(201);
    await music.files.settled();
    expect(music.read('Playlists/Road trip (2).m3u8')).toBe('#EXTM3U\n#EXTINF:183,Fixture Artist - Track 003\n../Album/03.mp3\n');
  });

  it('creates it at the root of a folder with no Playlists folder', async () => {
    music = await playlistFolder(() => {});
    expect((await send('POST', '/v1/me/playlists', { name: 'New' })).status).toBe(201);
    expect(music.read('New.m3u8')).toBe('#EXTM3U\n');
  });
});

describe('a folder that cannot be written', () => {
  it('makes its playlists read-only: every change a 403 saying why, the file as it was', async () => {
    music = await folderWithPlaylists();
    const { id } = await playlistNamed('Road trip');
    const before = music.read('Playlists/Road trip.m3u8');
    chmodSync(join(music.folder, 'Playlists'), 0o555);
    try {
      await music.files.rescan();
      const message = 'You cannot change this playlist: its file Playlists/Road trip.m3u8 is in a folder that cannot be written';
      for (const [method, url, payload] of [
        ['PUT', `/v1/playlists/${id}/items`, { range_start: 0, insert_before: 2 }],
        ['POST', `/v1/playlists/${id}/items`, { uris: [track(4)] }],
        ['DELETE', `/v1/playlists/${id}/items`, { items: [{ uri: track(1) }] }],
        ['PUT', `/v1/playlists/${id}`, { name: 'Summer' }],
      ] as const) {
        const response = await send(method, url, payload);
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ error: { status: 403, message } });
      }
      const created = await send('POST', '/v1/me/playlists', { name: 'New' });
      expect(created.body.error.message).toBe("You cannot create a playlist: the music folder's Playlists cannot be written");
      expect(music.read('Playlists/Road trip.m3u8')).toBe(before);
      expect((await music.service.get(`/v1/playlists/${id}/tracks`)).status).toBe(200);
    } finally {
      chmodSync(join(music.folder, 'Playlists'), 0o755);
    }
  });
});

describe('encodings', () => {
  it('shows an .m3u8 that is not UTF-8 but never writes it: its bytes would not survive', async () => {
    const bytes = Buffer.concat([Buffer.from('a.mp3\nCaf'), Buffer.from([0xe9]), Buffer.from('.mp3\n')]);
    music = await playlistFolder(({ media, write }) => {
      media.put('a.mp3', { type: 'track', id: ids.track(1) });
      write('broken.m3u8', bytes);
    });
    const { id, tracks } = await playlistNamed('broken');
    expect(tracks.total).toBe(2);
    const response = await send('PUT', `/v1/playlists/${id}/items`, { range_start: 1, insert_before: 0 });
    expect(response.body.error).toEqual({ status: 403, message: 'You cannot change this playlist: its file broken.m3u8 is not valid UTF-8, as an .m3u8 must be' });
    expect(readFileSync(join(music.folder, 'broken.m3u8')).equals(bytes)).toBe(true);
  });

  it('keeps a Windows-1252 .m3u in its encoding, and its line endings, through an edit', async () => {
    music = await playlistFolder(({ media, write }) => {
      media.put('Café.mp3', { type: 'track', id: ids.track(1) });
      media.put('b.mp3', { type: 'track', id: ids.track(2) });
      write('old.m3u', Buffer.concat([Buffer.from('b.mp3\r\nCaf'), Buffer.from([0xe9]), Buffer.from('.mp3\r\n')]));
    });
    const { id } = await playlistNamed('old');
    expect((await itemsOf(id)).map((item) => item.uri)).toEqual([track(2), track(1)]);
    expect((await send('PUT', `/v1/playlists/${id}/items`, { range_start: 1, insert_before: 0 })).status).toBe(200);
    await music.files.settled();
    expect(readFileSync(join(music.folder, 'old.m3u')).equals(Buffer.concat([Buffer.from('Caf'), Buffer.from([0xe9]), Buffer.from('.mp3\r\nb.mp3\r\n')]))).toBe(true);
  });
});
