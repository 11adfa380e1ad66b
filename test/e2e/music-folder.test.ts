/**
 * Issue 38's catalog from files, from outside: the built program in tmux with `--music` on a folder of tones
 * made by ffmpeg shows the albums and artists by their tags, an album's tracks in their order, and keeps its
 * catalog in music.db under the sandbox's data folder.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTone, missingFfmpeg } from '../helpers/audio-files.js';
import { createSandbox, startDashboard, type Dashboard, type Sandbox } from '../helpers/e2e-dashboard.js';
import { sayWhySkipped } from '../helpers/system-tools.js';

const SCREEN_MS = 20_000;
const why = missingFfmpeg();
sayWhySkipped('the dashboard on a music folder', why);

describe.skipIf(why !== null)('playdeck --music DIR', () => {
  let sandbox: Sandbox;
  let dashboard: Dashboard | undefined;
  beforeAll(() => {
    sandbox = createSandbox();
    const music = join(sandbox.dir, 'Music');
    const harbour = { album: 'Harbour Lights', album_artist: 'Marnie Vale', artist: 'Marnie Vale', date: '2017' };
    makeTone(join(music, 'Marnie Vale/Harbour Lights/01.mp3'), { frequency: 330, seconds: 1, tags: { ...harbour, title: 'Second Tide', track: '2' } });
    makeTone(join(music, 'Marnie Vale/Harbour Lights/02.flac'), { frequency: 300, seconds: 1, tags: { ...harbour, title: 'First Tide', track: '1' } });
    makeTone(join(music, 'Oskar Penn/Quiet Rooms/01.ogg'), { frequency: 400, seconds: 1, tags: { album: 'Quiet Rooms', artist: 'Oskar Penn', title: 'Attic', track: '1' } });
  });
  afterAll(() => {
    dashboard?.kill();
    sandbox?.remove();
  });

  it('shows the albums and artists by their tags, an album by its track numbers', { timeout: 90_000 }, async () => {
    dashboard = startDashboard(['--music', join(sandbox.dir, 'Music')], { sandbox });
    await dashboard.waitFor((screen) => screen.includes('Albums'), SCREEN_MS);
    dashboard.sendKeys('7');
    await dashboard.waitFor((screen) => screen.includes('Harbour Lights') && screen.includes('Quiet Rooms'), SCREEN_MS);
    // The latest arrivals first: Quiet Rooms's file was made last (its album is saved after, within the same second).
    const albums = await dashboard.waitFor(/› +Quiet Rooms/, SCREEN_MS);
    expect(albums.indexOf('Quiet Rooms')).toBeLessThan(albums.indexOf('Harbour Lights'));
    dashboard.sendKeys('j', 'Enter');
    // Its tracks by their numbers, not by their files' names.
    const opened = await dashboard.waitFor((screen) => screen.includes('First Tide') && screen.includes('Second Tide'), SCREEN_MS);
    expect(opened.indexOf('First Tide')).toBeLessThan(opened.indexOf('Second Tide'));
    dashboard.sendKeys('8');
    await dashboard.waitFor((screen) => screen.includes('Marnie Vale') && screen.includes('Oskar Penn'), SCREEN_MS);
    dashboard.sendKeys('q');
    expect((await dashboard.waitForExit(SCREEN_MS)).status).toBe(0);
    expect(existsSync(join(sandbox.env.XDG_DATA_HOME!, 'playdeck', 'music.db'))).toBe(true);
    expect(existsSync(join(sandbox.env.XDG_DATA_HOME!, 'playdeck', 'playdeck.db'))).toBe(false);
  });
});
