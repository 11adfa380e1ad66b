import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MusicFolderState } from '../../src/api/music-folder.js';
import { App } from '../../src/ui/app/App.js';
import { scanLine, SCAN_POLL_MS } from '../../src/ui/app/use-music-scan.js';
import { createFakeApi } from '../helpers/fake-api.js';
import { useFakeClock } from '../helpers/fake-clock.js';
import { renderApp } from '../helpers/render.js';

beforeEach(() => {
  useFakeClock();
  vi.setSystemTime(Date.UTC(2025, 0, 1));
});
afterEach(() => vi.useRealTimers());

const PROBLEM = 'no sound: playdeck plays through mpv (apt-get install mpv)';
const state = (scan: MusicFolderState['scan']): MusicFolderState => ({ folder: '/home/me/Music', scan, soundProblem: PROBLEM });
const scanning = (found: number, read: number) => state({ state: 'scanning', first: true, found, read, perSecond: 100 });

describe("the music folder's scan in the status line", () => {
  it('shows the progress while the scan runs, asking every 2 s, says once why nothing is heard, and asks nothing at rest', async () => {
    const answers = [scanning(10, 4), scanning(20, 12), scanning(30, 20), scanning(40, 30), state({ state: 'idle', first: true, found: 20, read: 20, perSecond: 100 })];
    const getMusicFolder = vi.fn(async () => answers[Math.min(getMusicFolder.mock.calls.length - 1, answers.length - 1)]!);
    const api = Object.assign(createFakeApi(), { getMusicFolder });
    const app = renderApp(<App api={api} />);
    await app.waitForFrame(PROBLEM);
    expect(getMusicFolder).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SCAN_POLL_MS);
    expect(getMusicFolder).toHaveBeenCalledTimes(2);
    // The notice of the sound goes after its 5 s; the scan's line is there beneath it, the third answer's.
    await vi.advanceTimersByTimeAsync(3_100);
    await app.waitForFrame('reading your music: 30 files found, 20 read, 100/s');
    await vi.advanceTimersByTimeAsync(SCAN_POLL_MS);
    await app.waitForFrame('reading your music: 40 files found, 30 read, 100/s');
    await vi.advanceTimersByTimeAsync(SCAN_POLL_MS);
    await app.waitForFrame((frame) => !frame.includes('reading your music'));
    expect(getMusicFolder).toHaveBeenCalledTimes(5);
    const asked = getMusicFolder.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(getMusicFolder).toHaveBeenCalledTimes(asked);
    expect(app.frame()).not.toContain(PROBLEM);
  });

  it('asks a service with no music folder once (it answers 404), and says nothing', async () => {
    const getMusicFolder = vi.fn(async (): Promise<MusicFolderState> => {
      throw new Error('404');
    });
    const api = Object.assign(createFakeApi(), { getMusicFolder });
    const app = renderApp(<App api={api} />);
    await app.waitForFrame(api.playlists()[0]!.description);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(getMusicFolder).toHaveBeenCalledTimes(1);
  });

  it('asks again when an ask fails while a scan is shown, so that its line goes once the scan is done', async () => {
    const answers: (MusicFolderState | Error)[] = [scanning(0, 0), new Error('the service is busy'), state({ state: 'idle', first: true, found: 20, read: 20, perSecond: 100 })];
    const getMusicFolder = vi.fn(async (): Promise<MusicFolderState> => {
      const answer = answers[Math.min(getMusicFolder.mock.calls.length - 1, answers.length - 1)]!;
      if (answer instanceof Error) throw answer;
      return answer;
    });
    const api = Object.assign(createFakeApi(), { getMusicFolder });
    const app = renderApp(<App api={api} />);
    await app.waitForFrame(PROBLEM);
    await vi.advanceTimersByTimeAsync(SCAN_POLL_MS);
    expect(getMusicFolder).toHaveBeenCalledTimes(2);
    // Past the notice of the sound, the status line shows what the scan is now: done.
    await vi.advanceTimersByTimeAsync(SCAN_POLL_MS + 3_100);
    expect(getMusicFolder).toHaveBeenCalledTimes(3);
    await app.waitForFrame((frame) => !frame.includes(PROBLEM) && !frame.includes('reading your music'));
  });

  it('words a first scan and a rescan apart', () => {
    expect(scanLine({ state: 'scanning', first: true, found: 3, read: 1, perSecond: 9 })).toBe('reading your music: 3 files found, 1 read, 9/s');
    expect(scanLine({ state: 'scanning', first: false, found: 300, read: 0, perSecond: 0 })).toBe('checking your music folder: 300 files');
  });
});
