import { renameSync, rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localUri } from '../../../src/service/playlist-files/locations.js';
import { ids } from '../../helpers/service.js';
import { playlistFolder, type PlaylistFolder } from '../../helpers/playlist-folder.js';

/**
 * A playlist file changed by another program (decisions §21): a new snapshot whose order is the file's,
 * entries matched to the ones before by item so that those left alone keep their identity; never the
 * service's own writes, nor a file the service had not written yet when it stopped.
 */
let music: PlaylistFolder;
afterEach(() => music?.close());

const NOW = Date.UTC(2026, 5, 1, 12);
const track = (n: number) => `playdeck:track:${ids.track(n)}`;

async function folder(lines: string[], options: Parameters<typeof playlistFolder>[1] = {}): Promise<PlaylistFolder> {
  return playlistFolder(({ media, write }) => {
    for (let n = 1; n <= 5; n++) media.put(`0${n}.mp3`, { type: 'track', id: ids.track(n) });
    write('mix.m3u8', lines.join('\n') + '\n');
  }, { now: () => NOW, ...options });
}

const mixId = async () => (await music.service.get('/v1/me/playlists?limit=1')).body.items[0].id as string;
const snapshotOf = async (id: string): Promise<string> => (await music.service.get(`/v1/playlists/${id}?fields=snapshot_id`)).body.snapshot_id;

async function entries(id: string): Promise<{ uri: string; addedAt: string }[]> {
  const page = await music.service.get(`/v1/playlists/${id}/tracks?limit=100`);
  return page.body.items.map((item: any) => ({ uri: item.track.uri, addedAt: item.added_at }));
}

/** Writes the file as another program would, dated `at`. */
function editByHand(lines: string[], at = new Date(NOW - 60_000)): void {
  music.write('mix.m3u8', lines.join('\n') + '\n');
  utimesSync(join(music.folder, 'mix.m3u8'), at, at);
}

describe('a change made elsewhere', () => {
  it("is a new snapshot in the file's order, each entry left alone keeping its identity and date", async () => {
    music = await folder(['01.mp3', '02.mp3', '03.mp3', '02.mp3']);
    const id = await mixId();
    const before = await entries(id);
    const snapshot = await snapshotOf(id);
    editByHand(['#EXTM3U', '#PLAYLIST:Mix tape', '03.mp3', '02.mp3', '05.mp3', '01.mp3'], new Date(Date.UTC(2026, 4, 1)));
    await music.files.rescan();
    expect(await snapshotOf(id)).not.toBe(snapshot);
    const after = await entries(id);
    expect(after.map((entry) => entry.uri)).toEqual([track(3), track(2), track(5), track(1)]);
    // The first copy of 02 is the one kept (items matched in order); the one line new is dated by the file.
    expect(after[0]!.addedAt).toBe(before[2]!.addedAt);
    expect(after[1]!.addedAt).toBe(before[1]!.addedAt);
    expect(after[3]!.addedAt).toBe(before[0]!.addedAt);
    expect(after[2]!.addedAt).toBe('2026-05-01T00:00:00Z');
    expect((await music.service.get(`/v1/playlists/${id}`)).body.name).toBe('Mix tape');
  });

  it('is heard by watching the folder', async () => {
    music = await folder(['01.mp3', '02.mp3']);
    const id = await mixId();
    editByHand(['02.mp3', '01.mp3']);
    await vi.waitFor(async () => expect((await entries(id)).map((entry) => entry.uri)).toEqual([track(2), track(1)]), { timeout: 5000, interval: 50 });
  });

  it("is never the service's own write: a reorder written back makes one snapshot", async () => {
    music = await folder(['01.mp3', '02.mp3', '03.mp3']);
    const id = await mixId();
    const moved = await music.service.request({ method: 'PUT', url: `/v1/playlists/${id}/items`, payload: { range_start: 0, insert_before: 3 } });
    await music.files.settled();
    await music.files.rescan();
    expect(await snapshotOf(id)).toBe(moved.body.snapshot_id);
    expect(music.read('mix.m3u8')).toBe('02.mp3\n03.mp3\n01.mp3\n');
  });

  it('never undoes a saved edit whose file was not written when the service stopped: the file is written at the next start', async () => {
    let isFailing = true;
    music = await folder(['01.mp3', '02.mp3', '03.mp3'], {
      beforeRename: () => {
        if (isFailing) throw new Error('the machine lost power');
      },
    });
    const id = await mixId();
    const moved = await music.service.request({ method: 'PUT', url: `/v1/playlists/${id}/items`, payload: { range_start: 2, insert_before: 0 } });
    expect(moved.status).toBe(200);
    await music.files.settled();
    // The file is the one before the edit, whole; the database has the edit.
    expect(music.read('mix.m3u8')).toBe('01.mp3\n02.mp3\n03.mp3\n');
    isFailing = false;
    await music.reopen();
    expect(music.read('mix.m3u8')).toBe('03.mp3\n01.mp3\n02.mp3\n');
    expect(await snapshotOf(id)).toBe(moved.body.snapshot_id);
  });

  it('is taken in at the next start when it was made while no service ran', async () => {
    music = await folder(['01.mp3', '02.mp3']);
    const id = await mixId();
    await music.files.close();
    editByHand(['02.mp3']);
    await music.reopen();
    expect((await entries(id)).map((entry) => entry.uri)).toEqual([track(2)]);
  });
});

describe('files that come, go and change', () => {
  it('turns an unavailable line into its track once its file is in the catalog, keeping its date and the file as it was', async () => {
    music = await folder(['01.mp3', 'later.mp3']);
    const id = await mixId();
    const [, line] = await entries(id);
    expect(line!.uri).toBe(localUri('later.mp3'));
    music.media.put('later.mp3', { type: 'track', id: ids.track(9) });
    music.media.changed();
    await vi.waitFor(async () => expect((await entries(id))[1]).toEqual({ uri: track(9), addedAt: line!.addedAt }), { timeout: 5000, interval: 50 });
    music.media.drop('later.mp3');
    await music.files.rescan(true);
    expect((await entries(id))[1]).toEqual({ uri: localUri('later.mp3'), addedAt: line!.addedAt });
    expect(music.read('mix.m3u8')).toBe('01.mp3\nlater.mp3\n');
  });

  it('unlists a playlist whose file is gone, lists it again with its id when it comes back, and follows one renamed by hand', async () => {
    music = await folder(['01.mp3']);
    const id = await mixId();
    const listed = async () => (await music.service.get('/v1/me/playlists?limit=50')).body.items.map((playlist: { id: string; name: string }) => `${playlist.id} ${playlist.name}`);
    renameSync(join(music.folder, 'mix.m3u8'), join(music.folder, 'aside'));
    await music.files.rescan();
    expect((await listed()).filter((entry: string) => entry.startsWith(id))).toEqual([]);
    renameSync(join(music.folder, 'aside'), join(music.folder, 'mix.m3u8'));
    await music.files.rescan();
    expect(await listed()).toContain(`${id} mix`);
    renameSync(join(music.folder, 'mix.m3u8'), join(music.folder, 'Best of.m3u8'));
    await music.files.rescan();
    expect(await listed()).toContain(`${id} Best of`);
    rmSync(join(music.folder, 'Best of.m3u8'));
    await music.files.rescan();
    expect((await music.service.request({ method: 'PUT', url: `/v1/playlists/${id}/items`, payload: { range_start: 0, insert_before: 1 } })).status).toBe(403);
  });
});

describe('an unavailable line', () => {
  it('is never played: playing from it starts the next, and next and previous pass over it', async () => {
    let now = NOW;
    music = await folder(['01.mp3', 'gone.mp3', '02.mp3'], { now: () => now });
    const id = await mixId();
    const play = (position: number) =>
      music.service.request({ method: 'PUT', url: '/v1/me/player/play', payload: { context_uri: `playdeck:playlist:${id}`, offset: { position } } });
    const playing = async () => (await music.service.get('/v1/me/player')).body.item?.uri;
    expect((await play(1)).status).toBe(204);
    expect(await playing()).toBe(track(2));
    await play(0);
    expect(await playing()).toBe(track(1));
    await music.service.request({ method: 'POST', url: '/v1/me/player/next' });
    expect(await playing()).toBe(track(2));
    now += 1000;
    await music.service.request({ method: 'POST', url: '/v1/me/player/previous' });
    expect(await playing()).toBe(track(1));
    // Playing on from the end of 01 goes straight to 02.
    await music.service.request({ method: 'PUT', url: '/v1/me/player/seek?position_ms=181000' });
    now += 1000;
    expect(await playing()).toBe(track(2));
  });
});
