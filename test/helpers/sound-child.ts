/**
 * A service with sound as a child process a test can kill (`tsx test/helpers/sound-child.ts FILE`): every
 * track of the fixture catalog is FILE, mpv plays to no output (`--ao=null`); it starts the first playlist and
 * prints `mpv=PID` once mpv plays it.
 */
import type { MediaSource } from '../../src/service/media-source.js';
import { createTestService } from './service.js';

// Nothing else holds the process open while mpv starts (its pipes never do).
setInterval(() => {}, 60_000);
const [path] = process.argv.slice(2);
const media: MediaSource = {
  fileOf: (item) => (item.type === 'track' ? { path: path!, startMs: 0, endMs: null } : null),
  itemOf: () => null,
  subscribe: () => () => {},
};
const service = await createTestService({ media, sound: { extraArgs: ['--ao=null'] } });
await service.sound!.started;
await service.request({ method: 'PUT', url: '/v1/me/player/play' });
const deadline = Date.now() + 10_000;
while ((await service.sound!.timePos()) === null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
process.stdout.write(`mpv=${service.sound!.pid}\n`);
