import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { missingMpv } from '../helpers/sound-service.js';
import { cpuSeconds } from './proc.js';
import { median, percentile, round, sleep, type Figure } from './figures.js';

/**
 * Sound through mpv (issue 38): how far the position the player reports is from what mpv plays (the drift), over
 * a minute of a playlist of 10 s tones repeated (so across item changes), and the CPU of the service and its mpv
 * while playing and while paused. The service runs in a harness process of its own (sound-harness.ts), mpv on a
 * private PulseAudio's null sink.
 */

const DRIFT_SECONDS = 60;
const CPU_SECONDS = 20;

interface Harness {
  ask(line: string): Promise<any>;
  pids: { pid: number; mpv: number };
  output: string;
  close(): void;
}

async function startHarness(): Promise<Harness> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/bench/sound-harness.ts'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error('the sound harness ended');
    return value as string;
  };
  const ready = await next();
  if (!ready.startsWith('ready ')) throw new Error(`the sound harness said ${ready}`);
  const { pid, mpv, output } = JSON.parse(ready.slice('ready '.length)) as { pid: number; mpv: number; output: string };
  return {
    async ask(line) {
      child.stdin!.write(`${line}\n`);
      return JSON.parse(await next());
    },
    pids: { pid, mpv },
    output,
    close: () => child.stdin!.end('quit\n'),
  };
}

/** Percent of one core used by each of `pids` over `seconds` from now. */
async function cpuPercent(pids: Record<'pid' | 'mpv', number>, seconds: number): Promise<Record<'pid' | 'mpv', number>> {
  const before = { pid: cpuSeconds([pids.pid]), mpv: cpuSeconds([pids.mpv]) };
  await sleep(seconds * 1000);
  return {
    pid: ((cpuSeconds([pids.pid]) - before.pid) / seconds) * 100,
    mpv: ((cpuSeconds([pids.mpv]) - before.mpv) / seconds) * 100,
  };
}

export async function benchSound(): Promise<Figure[]> {
  const missing = missingMpv();
  if (missing !== null) {
    return [{ section: 'sound', name: 'player drift against mpv, median', value: null, unit: 'ms', method: 'sound-harness.ts', note: missing }];
  }
  const harness = await startHarness();
  try {
    await harness.ask('play');
    const drift = (await harness.ask(`drift ${DRIFT_SECONDS}`)) as { samples: { atMs: number; driftMs: number }[]; mismatched: number; itemChanges: number; writes: number };
    const absolute = drift.samples.map((sample) => Math.abs(sample.driftMs));
    const worst = drift.samples.reduce((one, other) => (Math.abs(other.driftMs) > Math.abs(one.driftMs) ? other : one), { atMs: 0, driftMs: 0 });
    const playing = await cpuPercent(harness.pids, CPU_SECONDS);
    await harness.ask('pause');
    await sleep(2000);
    const paused = await cpuPercent(harness.pids, CPU_SECONDS);
    const how = `${drift.samples.length} samples over ${DRIFT_SECONDS} s of five 10 s tones repeated (${drift.itemChanges} item changes), mpv on ${harness.output}`;
    const driftMethod = `|the player's progress_ms (as GET /me/player reports it) − mpv's time-pos| at the moment mpv answered, sampled each time mpv's position moved (asked every 10 ms); ${how}`;
    const cpuMethod = (what: string, when: string) => `CPU time of ${what} over ${CPU_SECONDS} s ${when} (/proc), mpv on ${harness.output}`;
    return [
      { section: 'sound', name: 'player drift against mpv, median', value: round(median(absolute)), unit: 'ms', method: driftMethod },
      { section: 'sound', name: 'player drift against mpv, 95th percentile', value: round(percentile(absolute, 95)), unit: 'ms', method: driftMethod },
      { section: 'sound', name: 'player drift against mpv, max', value: round(Math.abs(worst.driftMs)), unit: 'ms', method: driftMethod, note: `at ${(worst.atMs / 1000).toFixed(1)} s of the minute` },
      {
        section: 'sound',
        name: 'samples with player and mpv on different items',
        value: drift.mismatched,
        unit: 'count',
        method: `samples of the drift where mpv played another item than the player reported (around item changes); ${how}`,
      },
      { section: 'sound', name: 'player states written per minute of playing', value: round((drift.writes * 60) / DRIFT_SECONDS), unit: 'count', method: `state writes (re-anchors to mpv's position, item changes); ${how}` },
      { section: 'sound', name: 'service CPU while playing', value: round(playing.pid, 3), unit: '%', method: cpuMethod('the service (the harness process)', 'while playing') },
      { section: 'sound', name: 'mpv CPU while playing', value: round(playing.mpv, 3), unit: '%', method: cpuMethod('mpv', 'while playing') },
      { section: 'sound', name: 'service CPU while paused', value: round(paused.pid, 3), unit: '%', method: cpuMethod('the service (the harness process)', 'paused') },
      { section: 'sound', name: 'mpv CPU while paused', value: round(paused.mpv, 3), unit: '%', method: cpuMethod('mpv', 'paused') },
    ];
  } finally {
    harness.close();
  }
}
