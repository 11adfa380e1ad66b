/**
 * A service with sound as a child process a test can kill or signal (run with tsx's loader):
 * - `sound-child.ts play FILE`: every track of the fixture catalog is FILE, mpv plays to no output
 *   (`--ao=null`); it starts the first playlist and prints `mpv=PID` once mpv plays it;
 * - `sound-child.ts serve FILE MPV`: `playdeck serve` over a small catalog with that media, mpv run as MPV.
 */
import type { MediaSource } from '../../src/service/media-source.js';
import { runServe } from '../../src/service/serve.js';
import { createTestService } from './service.js';

// Nothing else holds the process open while mpv starts (its pipes never do).
const keepAlive = setInterval(() => {}, 60_000);
const [mode, path, mpv] = process.argv.slice(2);
const media: MediaSource = {
  fileOf: (item) => (item.type === 'track' ? { path: path!, startMs: 0, endMs: null } : null),
  itemOf: () => null,
  subscribe: () => () => {},
};
if (mode === 'serve') {
  clearInterval(keepAlive);
  process.exitCode = await runServe({ port: 0, db: ':memory:', catalogSize: { catalogTracks: 2000, likedSongs: 10 }, media, sound: { command: mpv } });
} else {
  const service = await createTestService({ media, sound: { extraArgs: ['--ao=null'] } });
  await service.sound!.started;
  await service.request({ method: 'PUT', url: '/v1/me/player/play' });
  const deadline = Date.now() + 10_000;
  while ((await service.sound!.asked()) === null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  process.stdout.write(`mpv=${service.sound!.pid}\n`);
}
