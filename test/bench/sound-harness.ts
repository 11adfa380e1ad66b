/**
 * The sound bench's service (`node --import tsx test/bench/sound-harness.ts`): the embedded service over tones of
 * 10 s (the first playlist's five, repeated), its mpv playing to a private PulseAudio's null sink (or to no output
 * where PulseAudio is missing). Prints `ready {json}` (its pid, mpv's, the output), then answers one line of JSON
 * per command read on stdin: `play`, `pause`, `drift SECONDS` (the player's reported position against mpv's).
 */
import { createInterface } from 'node:readline';
import { missingPulseAudio, startPulseAudio, type PulseAudio } from '../helpers/pulse-audio.js';
import { ids } from '../helpers/service.js';
import { startSoundService } from '../helpers/sound-service.js';
import { makeToneMedia } from '../helpers/tone-media.js';
import { keyOf } from '../../src/service/sound/parts.js';

const SAMPLE_EVERY_MS = 10;

const pulse: PulseAudio | null = missingPulseAudio() === null ? await startPulseAudio(['capture']) : null;
const media = makeToneMedia({ playlist: 10 });
const service = await startSoundService(media, pulse ? { extraArgs: ['--ao=pulse'], env: pulse.env } : { extraArgs: ['--ao=null'] });
let writes = 0;
service.context.playback.watch(() => (writes += 1));
const sound = service.sound!;

/**
 * Samples the drift each time mpv's position moved (asked every 10 ms: mpv updates time-pos in steps of 50–120 ms,
 * and an answer between two steps is the older one): the player's position at the moment mpv answered, as GET
 * /me/player would report it then, minus mpv's. Also counts the samples where the two named different items.
 */
async function drift(seconds: number): Promise<object> {
  const samples: { atMs: number; driftMs: number }[] = [];
  let mismatched = 0;
  let changes = 0;
  let lastKey: string | null = null;
  let lastHeard: number | null = null;
  const writesBefore = writes;
  const start = Date.now();
  while (Date.now() < start + seconds * 1000) {
    const heard = await sound.asked();
    const reported = service.context.playback.current(ids.demo, Date.now());
    const key = reported ? keyOf(reported.state, reported.context) : null;
    if (key !== lastKey) changes += 1;
    lastKey = key;
    if (heard?.positionMs !== lastHeard) {
      lastHeard = heard?.positionMs ?? null;
      // mpv says where an item is before it is heard (below 0, the one before still playing): the player says 0.
      if (heard && reported && heard.key === key) samples.push({ atMs: Date.now() - start, driftMs: reported.progressMs - Math.max(0, heard.positionMs) });
      else mismatched += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
  }
  return { samples, mismatched, itemChanges: changes - 1, writes: writes - writesBefore };
}

async function answer(line: string): Promise<object> {
  const [command, argument] = line.trim().split(' ');
  if (command === 'play') {
    await service.send('PUT', '/v1/me/player/repeat?state=context');
    await service.send('PUT', '/v1/me/player/play', { context_uri: `playdeck:playlist:${ids.firstPlaylist}` });
    return { ok: true };
  }
  if (command === 'pause') {
    await service.send('PUT', '/v1/me/player/pause');
    return { ok: true };
  }
  if (command === 'drift') return drift(Number(argument));
  if (command === 'quit') {
    await service.close();
    media.remove();
    pulse?.close();
    process.exit(0);
  }
  return { error: `unknown command ${command}` };
}

process.stdout.write(`ready ${JSON.stringify({ pid: process.pid, mpv: sound.pid, output: pulse ? 'a PulseAudio null sink' : 'no output (--ao=null): PulseAudio missing' })}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  process.stdout.write(`${JSON.stringify(await answer(line))}\n`);
}
