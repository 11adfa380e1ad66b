import { cpSync, renameSync, rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTone, missingFfmpeg } from '../../helpers/audio-files.js';
import { albumsOf, musicSandbox, startMusic, type MusicSandbox, type MusicService } from '../../helpers/music-folder.js';
import { sayWhySkipped } from '../../helpers/system-tools.js';

const why = missingFfmpeg();
sayWhySkipped('rescans and the watch of a music folder', why);

const tags = (title: string, track: string) => ({ title, track, album: 'Tides', album_artist: 'Alice', artist: 'Alice' });

/** Later starts read only what changed; ids come from tags, so renames and moves keep them; the folder is watched. */
describe.skipIf(why !== null)('a music folder scanned again', () => {
  let sandbox: MusicSandbox;
  let service: MusicService | null = null;
  beforeEach(() => {
    sandbox = musicSandbox();
    makeTone(join(sandbox.music, 'Tides/01 Ebb.mp3'), { tags: tags('Ebb', '1'), seconds: 1 });
    makeTone(join(sandbox.music, 'Tides/02 Flow.ogg'), { tags: tags('Flow', '2'), seconds: 1 });
    makeTone(join(sandbox.music, 'untagged.flac'), { seconds: 1 });
  });
  afterEach(async () => {
    await service?.close();
    service = null;
    sandbox.remove();
  });

  const restart = async (folder?: string) => {
    await service?.close();
    service = await startMusic(sandbox, folder ? { folder } : {});
    return service;
  };
  /** The album Tides's tracks' ids by their names, as search finds it (saved or not). */
  const trackIds = async (running: MusicService) => {
    const album = (await running.get('/search?q=tides&type=album')).albums.items[0];
    return new Map<string, string>((await running.get(`/albums/${album.id}/tracks`)).items.map((track: any) => [track.name, track.id]));
  };

  it('reads only the files whose size or time changed, and drops those gone', { timeout: 60_000 }, async () => {
    const first = await restart();
    expect(first.music.scan.progress).toMatchObject({ first: true, found: 3, read: 3 });
    const second = await restart();
    expect(second.music.scan.progress).toMatchObject({ first: false, found: 3, read: 0 });
    utimesSync(join(sandbox.music, 'Tides/02 Flow.ogg'), new Date(), new Date(Date.now() + 5_000));
    rmSync(join(sandbox.music, 'untagged.flac'));
    const third = await restart();
    expect(third.music.scan.progress).toMatchObject({ found: 2, read: 1 });
    expect(await albumsOf(third)).toEqual([{ name: 'Tides', artists: ['Alice'], type: 'album', tracks: ['Ebb', 'Flow'] }]);
  });

  it('keeps the catalog of a folder found empty (a disk not mounted), and says so', { timeout: 60_000 }, async () => {
    await restart();
    rmSync(join(sandbox.music, 'Tides'), { recursive: true });
    rmSync(join(sandbox.music, 'untagged.flac'));
    const lines: string[] = [];
    await service?.close();
    service = await startMusic(sandbox, {}, { log: (line) => lines.push(line) });
    expect((await albumsOf(service)).map((album) => album.name).sort()).toEqual(['Music', 'Tides']);
    expect(lines.join('\n')).toContain('holds no audio file now: its catalog is kept as it was');
  });

  it('keeps ids, likes and unsaves across a rename, a rescan and a moved folder', { timeout: 60_000 }, async () => {
    const first = await restart();
    const before = await trackIds(first);
    expect([...before.keys()]).toEqual(['Ebb', 'Flow']);
    const ebb = before.get('Ebb') as string;
    expect((await first.request('PUT', `/me/library?uris=playdeck:track:${ebb}`)).status).toBe(200);
    const tides = (await first.get('/me/albums')).items.find((item: any) => item.album.name === 'Tides').album.id;
    expect((await first.request('DELETE', `/me/library?uris=playdeck:album:${tides}`)).status).toBe(200);

    renameSync(join(sandbox.music, 'Tides/01 Ebb.mp3'), join(sandbox.music, 'Tides/ebb (renamed).mp3'));
    const second = await restart();
    expect(await trackIds(second)).toEqual(before);
    expect((await second.get('/me/tracks')).items.map((item: any) => item.track.id)).toEqual([ebb]);

    // The whole folder moved elsewhere: its likes, and the album the user unsaved, are as they were.
    const moved = join(sandbox.root, 'Moved Music');
    cpSync(sandbox.music, moved, { recursive: true, preserveTimestamps: true });
    const third = await restart(moved);
    expect((await third.get('/me/tracks')).items.map((item: any) => item.track.id)).toEqual([ebb]);
    expect((await third.get('/me/albums')).items.map((item: any) => item.album.name)).not.toContain('Tides');
    expect(third.music.fileOf({ type: 'track', id: ebb })?.path).toBe(join(moved, 'Tides/ebb (renamed).mp3'));
  });

  it('tells two copies of one song apart by path, each of a stable id', { timeout: 60_000 }, async () => {
    cpSync(join(sandbox.music, 'Tides/02 Flow.ogg'), join(sandbox.music, 'Tides/02 Flow (copy).ogg'));
    const first = await restart();
    const ids = (await first.get('/me/albums')).items[0].album.tracks.items.filter((track: any) => track.name === 'Flow').map((track: any) => track.id);
    expect(new Set(ids).size).toBe(2);
    const second = await restart();
    const again = (await second.get('/me/albums')).items[0].album.tracks.items.filter((track: any) => track.name === 'Flow').map((track: any) => track.id);
    expect(again).toEqual(ids);
  });

  it('watches the folder: a file added and one removed show within seconds, and the listeners hear each', { timeout: 60_000 }, async () => {
    const running = await restart();
    let heard = 0;
    running.music.subscribe(() => (heard += 1));
    const ebb = (await trackIds(running)).get('Ebb') as string;
    makeTone(join(sandbox.music, 'Tides/03 Slack.opus'), { tags: tags('Slack', '3'), seconds: 1 });
    await vi.waitFor(async () => expect((await albumsOf(running)).find((album) => album.name === 'Tides')?.tracks).toEqual(['Ebb', 'Flow', 'Slack']), { timeout: 20_000, interval: 100 });
    const afterAdding = heard;
    expect(afterAdding).toBeGreaterThan(0);
    rmSync(join(sandbox.music, 'Tides/01 Ebb.mp3'));
    await vi.waitFor(() => expect(running.music.fileOf({ type: 'track', id: ebb })).toBeNull(), { timeout: 20_000, interval: 100 });
    expect(heard).toBeGreaterThan(afterAdding);
    expect((await albumsOf(running)).find((album) => album.name === 'Tides')?.tracks).toEqual(['Flow', 'Slack']);
    expect((await running.request('GET', `/tracks/${ebb}`)).status).toBe(404);
  });
});
