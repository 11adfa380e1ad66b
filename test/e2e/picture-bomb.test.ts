/**
 * Issue 26, finding 3, as a user would meet it: every item of the catalog has for its cover a 16×16
 * interlaced PNG whose pixel data inflates to 768 MB (about 0.8 MB on the wire, under the 4 MB a picture may
 * weigh). The dashboard shows the placeholder, says why in its log, keeps nothing of it on disk, does not ask
 * for it again, answers keys, and its peak resident memory stays under 250 MB (it went past 1.6 GB).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startService } from '../../src/service/start.js';
import { createSandbox, nowPlayingOf, startDashboard, type Dashboard, type Sandbox } from '../helpers/e2e-dashboard.js';
import { pngBomb, progressiveJpeg, showPictureEverywhere, startPictureServer, type PictureServer } from '../helpers/picture-bomb.js';

const SCREEN_MS = 20_000;
const BOMB_BYTES = 768 * 1024 * 1024;
const PEAK_RSS_LIMIT = 250 * 1024 * 1024;

let sandbox: Sandbox | undefined;
let dashboard: Dashboard | undefined;
let pictures: PictureServer | undefined;
afterEach(async () => {
  dashboard?.kill();
  sandbox?.remove();
  await pictures?.close();
});

/** The peak resident memory of a process so far (VmHWM), in bytes. */
function peakResidentBytes(pid: number): number {
  const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmHWM for process ${pid}`);
  return Number(match[1]) * 1024;
}

async function until(condition: () => boolean, what: string, timeoutMs = SCREEN_MS): Promise<void> {
  const giveUpAt = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > giveUpAt) throw new Error(`no ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a picture bomb as the cover', () => {
  it('is refused within the budget: placeholder, one log line, nothing cached, no second request, keys answered, under 250 MB', { timeout: 90_000 }, async () => {
    sandbox = createSandbox();
    const seeded = await startService({ port: 0, db: sandbox.db });
    await seeded.close();
    pictures = await startPictureServer(await pngBomb(BOMB_BYTES));
    showPictureEverywhere(sandbox.db, pictures.url);

    dashboard = startDashboard(['--db', sandbox.db], { sandbox });
    const screen = dashboard;
    await screen.waitFor((text) => nowPlayingOf(text) !== null, SCREEN_MS);
    const log = join(sandbox.env.XDG_STATE_HOME!, 'playdeck', 'playdeck.log');
    const logged = () => (existsSync(log) ? readFileSync(log, 'utf8') : '');
    await until(() => /a deflate bomb/.test(logged()), 'log line about the bomb');
    expect(logged()).toContain(`cover art: ${pictures.url}: cannot decode the image: a PNG whose pixel data inflates past`);
    expect(pictures.requests()).toBe(1);

    // Keys still answered: the playlists pane takes the focus, then the next item plays (the same picture:
    // refused earlier, so not fetched again).
    screen.sendKeys('2');
    await screen.waitFor(/› /, SCREEN_MS);
    const before = nowPlayingOf(screen.capture())!.name;
    screen.sendKeys('n');
    await screen.waitFor((text) => nowPlayingOf(text) !== null && nowPlayingOf(text)!.name !== before, SCREEN_MS);
    expect(screen.capture()).toContain('░'.repeat(10));
    expect(pictures.requests()).toBe(1);
    expect(logged().trim().split('\n').filter((line) => line.includes('deflate bomb'))).toHaveLength(1);

    const cache = join(sandbox.env.XDG_CACHE_HOME!, 'playdeck', 'images');
    expect(existsSync(cache) ? readdirSync(cache) : []).toEqual([]);
    expect(peakResidentBytes(screen.programPid())).toBeLessThan(PEAK_RSS_LIMIT);
  });

  // Issue 37, finding 1: 10,000 scans of a 1600×1600 picture (160 kB) behind a comment that declares one byte
  // too many stopped the clock of Now playing for seconds, the decoder reading what the check never saw.
  it('a JPEG of 10,000 scans hidden behind a comment is refused before it is decoded, and the clock ticks on', { timeout: 90_000 }, async () => {
    sandbox = createSandbox();
    const seeded = await startService({ port: 0, db: sandbox.db });
    await seeded.close();
    pictures = await startPictureServer(progressiveJpeg(1600, 1600, 10_000, { hiddenByComment: true }));
    showPictureEverywhere(sandbox.db, pictures.url);

    dashboard = startDashboard(['--db', sandbox.db], { sandbox });
    const screen = dashboard;
    await screen.waitFor((text) => nowPlayingOf(text)?.isPlaying === true, SCREEN_MS);
    const log = join(sandbox.env.XDG_STATE_HOME!, 'playdeck', 'playdeck.log');
    const logged = () => (existsSync(log) ? readFileSync(log, 'utf8') : '');
    await until(() => logged().includes(`cover art: ${pictures!.url}: `), 'log line about the picture');
    expect(logged()).toContain(`cover art: ${pictures.url}: cannot decode the image: a JPEG of more than 64 scans`);
    // Two more seconds of the clock: it ticked on.
    for (let tick = 0; tick < 2; tick += 1) {
      const shown = nowPlayingOf(screen.capture())!.elapsed;
      await screen.waitFor((text) => nowPlayingOf(text) !== null && nowPlayingOf(text)!.elapsed !== shown, SCREEN_MS);
    }
    expect(screen.capture()).toContain('░'.repeat(10));
  });

  it('a progressive JPEG within the budget is drawn, by the worker the bundle carries (test/scripts/build.test.ts)', { timeout: 90_000 }, async () => {
    sandbox = createSandbox();
    const seeded = await startService({ port: 0, db: sandbox.db });
    await seeded.close();
    pictures = await startPictureServer(progressiveJpeg(300, 300, 10));
    showPictureEverywhere(sandbox.db, pictures.url);
    dashboard = startDashboard(['--db', sandbox.db], { sandbox });
    // Flat grey: mid-grey half-blocks beside the title.
    await dashboard.waitFor((text) => nowPlayingOf(text) !== null && /│ ▀{10}  ▶/.test(text), SCREEN_MS);
    expect(dashboard.capture({ escapes: true })).toMatch(/\u001b\[(38|48);(5|2);/);
    expect(pictures.requests()).toBe(1);
  });
});
