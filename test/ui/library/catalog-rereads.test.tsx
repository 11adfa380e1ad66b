import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Api } from '../../../src/api/api.js';
import { createApi, staticToken } from '../../../src/api/index.js';
import type { MusicFolderState } from '../../../src/api/music-folder.js';
import { App } from '../../../src/ui/app/App.js';
import { makeTone, missingFfmpeg } from '../../helpers/audio-files.js';
import { musicSandbox, startMusic, type MusicSandbox, type MusicService } from '../../helpers/music-folder.js';
import { renderApp } from '../../helpers/render.js';
import { sayWhySkipped } from '../../helpers/system-tools.js';

const why = missingFfmpeg();
sayWhySkipped("the lists read again as a music folder's scan changes the catalog", why);

/** Waiting on a real service and its folder's watcher, on a machine that may be busy. */
const PATIENCE = { timeout: 20_000 };

/**
 * `playdeck --music DIR` on a first scan: the dashboard starts while the folder is read, and what the scan
 * finds (an album, a playlist file) shows in its lists without waiting for a list's minute. The real embedded
 * service on a real folder; the service's first answer about its scan is held at "reading, none read yet"
 * until the files are in, which is where a first scan of a large folder is when the dashboard starts.
 */
describe.skipIf(why !== null)("a music folder's scan changing the catalog under the dashboard", () => {
  let sandbox: MusicSandbox;
  let service: MusicService | null = null;
  afterEach(async () => {
    await service?.close();
    service = null;
    sandbox.remove();
  });

  it('reads Playlists again (the m3u file a playlist now), and Albums when it comes on screen', { timeout: 60_000 }, async () => {
    sandbox = musicSandbox();
    mkdirSync(sandbox.music, { recursive: true });
    service = await startMusic(sandbox);
    const running = service;
    const client = createApi({ baseUrl: running.baseUrl, tokens: staticToken(running.accessToken) });
    let isScanHeld = true;
    const api: Api = {
      ...client,
      getMusicFolder: async (options) => {
        const state = await client.getMusicFolder!(options);
        const reading: MusicFolderState['scan'] = { state: 'scanning', first: true, found: 2, read: 0, perSecond: 0 };
        return isScanHeld ? { ...state, scan: reading } : state;
      },
    };
    const app = renderApp(<App api={api} />);
    await app.press('7');
    await app.waitForFrame('No saved albums', PATIENCE);
    await app.press('2');
    await app.waitForFrame('No playlists yet.', PATIENCE);

    // Made beside the folder, then moved in whole: the watcher never reads half a file.
    const staging = join(sandbox.root, 'staging');
    const tags = (title: string, track: string) => ({ title, track, album: 'Tides', album_artist: 'Alice', artist: 'Alice' });
    makeTone(join(staging, 'Tides/01 Ebb.mp3'), { tags: tags('Ebb', '1'), seconds: 1 });
    makeTone(join(staging, 'Tides/02 Flow.mp3'), { tags: tags('Flow', '2'), seconds: 1 });
    writeFileSync(join(staging, 'Mix.m3u8'), '#EXTM3U\nTides/02 Flow.mp3\nTides/01 Ebb.mp3\n');
    renameSync(join(staging, 'Tides'), join(sandbox.music, 'Tides'));
    renameSync(join(staging, 'Mix.m3u8'), join(sandbox.music, 'Mix.m3u8'));
    await vi.waitFor(async () => expect((await running.get('/me/playlists')).items.map((playlist: { name: string }) => playlist.name)).toEqual(['Mix']), {
      timeout: 20_000,
      interval: 100,
    });
    expect(app.frame()).toContain('No playlists yet.');

    // The scan's next answer tells files were read: the lists read again, not a minute later.
    isScanHeld = false;
    await app.waitForFrame((frame) => frame.includes('Playlists · 1') && frame.includes('Mix'), PATIENCE);
    await app.press('7');
    await app.waitForFrame((frame) => frame.includes('Albums · 1') && frame.includes('Tides'), PATIENCE);
  });
});
