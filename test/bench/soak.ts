import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { round, sleep, type Figure } from './figures.js';
import { stop } from './processes.js';
import { cpuSeconds, findInTree, memoryOf, processTree } from './proc.js';
import { COLUMNS, NOW_PLAYING, programNode, programPath, ROWS, startService } from './program.js';
import { faultSchedule, keyPlan } from '../helpers/e2e-soak.js';
import { startFaultProxy } from '../helpers/fault-proxy.js';
import { startInTmux } from '../helpers/tmux.js';
import { askDashboard } from '../../src/status/socket-client.js';
import { statusPaths } from '../../src/status/target.js';

/**
 * A day in ten minutes (`--only soak`, `--soak-minutes N`): `playdeck serve` behind the fault proxy, the
 * dashboard on it (--base-url) driven by the seeded key plan of the e2e soak (every pane, lists, Enter, J/K,
 * save, n) with the proxy's faults now and then. Every 10 s: RSS of the dashboard from /proc, and its heap as
 * it tells it over its status socket. Idle CPU over 10 s before and after.
 */

const SAMPLE_MS = 10_000;
const IDLE_MS = 10_000;
let minutes = 10;

export function setSoakMinutes(value: number): void {
  if (!(value > 0)) throw new Error('--soak-minutes needs a positive number');
  minutes = value;
}

async function idleCpu(pid: number): Promise<number> {
  const tree = processTree(pid);
  const before = cpuSeconds(tree);
  const startedAt = performance.now();
  await sleep(IDLE_MS);
  return ((cpuSeconds(tree) - before) / ((performance.now() - startedAt) / 1000)) * 100;
}

interface Sample {
  atMs: number;
  rssMb: number;
  /** Null when the dashboard did not answer in time (busy with a key). */
  heapMb: number | null;
}

/** Least-squares slope of (ms, MB) samples, in MB per hour. */
function slopePerHour(samples: { atMs: number; mb: number }[]): number | null {
  if (samples.length < 2) return null;
  const meanX = samples.reduce((sum, s) => sum + s.atMs, 0) / samples.length;
  const meanY = samples.reduce((sum, s) => sum + s.mb, 0) / samples.length;
  const num = samples.reduce((sum, s) => sum + (s.atMs - meanX) * (s.mb - meanY), 0);
  const den = samples.reduce((sum, s) => sum + (s.atMs - meanX) ** 2, 0);
  return den === 0 ? null : (num / den) * 3_600_000;
}

/** The dashboard's heap in MB as it tells it, or null when it did not answer within the socket's time. */
async function heapOf(socket: string): Promise<number | null> {
  const reply = await askDashboard(socket, { v: 1, op: 'memory' }, 2_000);
  return reply.kind === 'answer' && 'memory' in reply.answer ? reply.answer.memory.heapUsed / 1_048_576 : null;
}

export async function benchSoak(): Promise<Figure[]> {
  const durationMs = minutes * 60_000;
  const warmUpMs = Math.min(120_000, durationMs / 5);
  const dir = mkdtempSync(join(tmpdir(), 'playdeck-bench-soak-'));
  const { child: service, values } = await startService(['--db', join(dir, 'soak.db')]);
  const proxy = await startFaultProxy(values.base_url!);
  const session = startInTmux([programNode(), programPath(), '--base-url', proxy.baseUrl, '--token', values.access_token!], { columns: COLUMNS, rows: ROWS });
  try {
    await session.waitFor(NOW_PLAYING, 20_000);
    const pid = findInTree(session.panePid(), programPath());
    if (pid === null) throw new Error('no dashboard process in the pane');
    const socket = statusPaths({ kind: 'remote', baseUrl: proxy.baseUrl, token: values.access_token! }, process.env).socket;
    const sample = async (atMs: number): Promise<Sample> => ({ atMs, rssMb: memoryOf(pid).rssMb, heapMb: await heapOf(socket) });
    const rssStart = memoryOf(pid).rssMb;
    const heapStart = await heapOf(socket);
    const idleBefore = await idleCpu(pid);
    const phases = faultSchedule(7, durationMs);
    const nextKey = keyPlan(7);
    const samples: Sample[] = [];
    const tracks = new Set<string>();
    const startedAt = performance.now();
    let nextSample = 0;
    let active: (typeof phases)[number] | null = null;
    for (let at = 0; at < durationMs; at = performance.now() - startedAt) {
      const phase = phases.find((each) => each.startMs <= at && at < each.endMs) ?? null;
      if (phase !== active) {
        proxy.clear();
        if (phase) proxy.inject(phase.fault, phase.times === undefined ? {} : { times: phase.times });
        active = phase;
      }
      if (at >= nextSample) {
        samples.push(await sample(at));
        nextSample += SAMPLE_MS;
      }
      const { key, pauseMs } = nextKey();
      session.sendKeys(key === '?' ? 'Escape' : key); // The help overlay would hide the screen the soak reads.
      if (key === 's') session.sendKeys('Escape');
      await sleep(pauseMs);
      const playing = /(?:▶ Playing|❚❚ Paused) {2}(.+?)\s{2}/.exec(session.capture())?.[1];
      if (playing) tracks.add(playing);
    }
    proxy.clear();
    if (!session.isAlive()) throw new Error(`the dashboard exited during the soak:\n${session.capture()}`);
    samples.push(await sample(performance.now() - startedAt));
    await sleep(5_000);
    const idleAfter = await idleCpu(pid);
    const afterWarmUp = samples.filter((s) => s.atMs >= warmUpMs);
    const lastFive = samples.filter((s) => s.atMs >= durationMs - 300_000 && s.atMs >= warmUpMs);
    const rssOf = (each: Sample[]) => each.map((s) => ({ atMs: s.atMs, mb: s.rssMb }));
    const heapsOf = (each: Sample[]) => each.flatMap((s) => (s.heapMb === null ? [] : [{ atMs: s.atMs, mb: s.heapMb }]));
    const heapAfterWarmUp = heapsOf(afterWarmUp);
    const heapLastFive = heapsOf(lastFive);
    const where = `${minutes} min soak, dashboard --base-url through the fault proxy (${phases.length} fault phases), ${samples.length} samples`;
    return [
      { section: 'soak', name: 'RSS at the start', value: round(rssStart, 1), unit: 'MB', method: `VmRSS of the dashboard once now playing shows; ${where}` },
      { section: 'soak', name: 'RSS after warm-up', value: round(afterWarmUp[0]?.rssMb ?? null, 1), unit: 'MB', method: `first sample at or after ${Math.round(warmUpMs / 1000)} s` },
      { section: 'soak', name: 'RSS at the end', value: round(samples.at(-1)!.rssMb, 1), unit: 'MB', method: 'VmRSS after the last key' },
      { section: 'soak', name: 'RSS slope after warm-up', value: round(slopePerHour(rssOf(afterWarmUp)), 1), unit: 'MB', method: 'least squares over the samples after warm-up, MB per hour of soak' },
      { section: 'soak', name: 'heap used at the start', value: round(heapStart, 1), unit: 'MB', method: 'process.memoryUsage().heapUsed, as the dashboard tells it over its status socket' },
      { section: 'soak', name: 'heap used after warm-up', value: round(heapAfterWarmUp[0]?.mb ?? null, 1), unit: 'MB', method: 'first answered sample at or after warm-up' },
      { section: 'soak', name: 'heap used at the end', value: round(samples.at(-1)!.heapMb, 1), unit: 'MB', method: 'after the last key' },
      { section: 'soak', name: 'heap slope after warm-up', value: round(slopePerHour(heapAfterWarmUp), 1), unit: 'MB', method: 'least squares, MB per hour of soak (heap used rises and falls with each collection: the slope is the trend)' },
      {
        section: 'soak',
        name: 'heap change over the last 5 min',
        value: heapLastFive.length < 2 ? null : round(heapLastFive.at(-1)!.mb - heapLastFive[0]!.mb, 1),
        unit: 'MB',
        method: 'last answered sample − first of the last 5 minutes after warm-up',
      },
      {
        section: 'soak',
        name: 'RSS change over the last 5 min',
        value: lastFive.length < 2 ? null : round(lastFive.at(-1)!.rssMb - lastFive[0]!.rssMb, 1),
        unit: 'MB',
        budget: { max: 2 },
        method: 'last sample − first sample of the last 5 minutes after warm-up',
      },
      { section: 'soak', name: 'tracks seen', value: tracks.size, unit: 'count', method: 'distinct now-playing names read from the screen after each key' },
      { section: 'soak', name: 'requests', value: proxy.count(), unit: 'count', method: 'requests through the fault proxy over the whole soak' },
      { section: 'soak', name: 'idle CPU before', value: round(idleBefore, 3), unit: '%', method: `dashboard alone (service in another process), ${IDLE_MS / 1000} s, % of one core` },
      { section: 'soak', name: 'idle CPU after', value: round(idleAfter, 3), unit: '%', method: `the same, 5 s after the last key` },
    ];
  } finally {
    session.kill();
    await proxy.close();
    await stop(service);
    rmSync(dir, { recursive: true, force: true });
  }
}
