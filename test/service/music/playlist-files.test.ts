import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTone, missingFfmpeg } from '../../helpers/audio-files.js';
import { musicSandbox, startMusic, type MusicSandbox, type MusicService } from '../../helpers/music-folder.js';
import { sayWhySkipped } from '../../helpers/system-tools.js';

const why = missingFfmpeg();
sayWhySkipped("a music folder's playlist files, served", why);

const tags = (title: string, track: string) => ({ title, track, album: 'Tides', album_artist: 'Alice', artist: 'Alice' });

/** The service as `playdeck --music` starts it: the folder's scan and its .m3u8 files, one catalog. */
describe.skipIf(why !== null)("a music folder's playlists, as playdeck --music serves them", () => {
  let sandbox: MusicSandbox;
  let service: MusicService | null = null;
  beforeEach(() => {
    sandbox = musicSandbox();
    makeTone(join(sandbox.music, 'Tides/01 Ebb.mp3'), { tags: tags('Ebb', '1'), seconds: 1 });
    makeTone(join(sandbox.music, 'Tides/02 Flow.ogg'), { tags: tags('Flow', '2'), seconds: 1 });
    writeFileSync(join(sandbox.music, 'Mix.m3u8'), '#EXTM3U\nTides/02 Flow.ogg\ngone.mp3\nTides/01 Ebb.mp3\n');
  });
  afterEach(async () => {
    await service?.close();
    service = null;
    sandbox.remove();
  });

  const mix = async (running: MusicService) => {
    const playlists = await running.get('/me/playlists');
    const found = playlists.items.find((playlist: any) => playlist.name === 'Mix');
    expect(found).toBeDefined();
    const items = await running.get(`/playlists/${found.id}/items`);
    return { id: found.id as string, snapshot: items.snapshot_id as string, rows: items.items.map((item: any) => `${item.track.name}${item.track.is_local ? ' (unavailable)' : ''}`) };
  };

  it('lists the file with its tracks in its order and the line naming no file kept in place; a move is written to the file', { timeout: 60_000 }, async () => {
    service = await startMusic(sandbox);
    const running = service;
    await vi.waitFor(async () => expect((await mix(running)).rows).toEqual(['Flow', 'gone.mp3 (unavailable)', 'Ebb']), { timeout: 20_000, interval: 100 });
    const { id, snapshot } = await mix(running);
    const moved = await running.request('PUT', `/playlists/${id}/items`, { range_start: 2, insert_before: 0, snapshot_id: snapshot });
    expect(moved.status).toBe(200);
    await vi.waitFor(() => expect(readFileSync(join(sandbox.music, 'Mix.m3u8'), 'utf8')).toBe('#EXTM3U\nTides/01 Ebb.mp3\nTides/02 Flow.ogg\ngone.mp3\n'), { timeout: 10_000, interval: 50 });

    // The next start takes the file as it is: the move is kept, nothing is taken as a change made elsewhere.
    await service.close();
    service = await startMusic(sandbox);
    const again = service;
    await vi.waitFor(async () => expect((await mix(again)).rows).toEqual(['Ebb', 'Flow', 'gone.mp3 (unavailable)']), { timeout: 20_000, interval: 100 });
    expect((await mix(again)).id).toBe(id);
  });
});
