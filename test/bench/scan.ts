import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { round, sleep, type Figure } from './figures.js';
import { memoryOf } from './proc.js';
import { stop } from './processes.js';
import { startService } from './program.js';
import { writeMusicFolder } from './tagged-files.js';

/**
 * The music folder's scan (issue 38): a generated folder of 50,000 tagged files (MP3 and FLAC, albums of ten,
 * tagged by the writers of tagged-files.ts), `playdeck serve --music` on it with a new database: the first
 * scan's time (from the start of the process to the scan's idle, as GET /playdeck/library tells it), its files
 * per second and the process's peak resident memory over it; then a second start on the same database, which
 * finds nothing new: its rescan's time from the service's first line, and the start's whole.
 */
const FILES = 50_000;
const POLL_MS = 100;

interface Scan {
  state: string;
  found: number;
  read: number;
  per_second: number;
}

async function scanUntilIdle(child: ChildProcess, values: Record<string, string>): Promise<{ scan: Scan; peakRssMb: number }> {
  const origin = new URL(values['base_url']!).origin;
  const headers = { authorization: `Bearer ${values['access_token']}` };
  let peakRssMb = 0;
  for (;;) {
    peakRssMb = Math.max(peakRssMb, memoryOf(child.pid!).rssMb);
    const body = (await (await fetch(`${origin}/playdeck/library`, { headers })).json()) as { scan: Scan | null };
    if (body.scan?.state === 'idle') return { scan: body.scan, peakRssMb: Math.max(peakRssMb, memoryOf(child.pid!).peakRssMb) };
    await sleep(POLL_MS);
  }
}

export async function benchScan(): Promise<Figure[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'playdeck-bench-scan-'));
  const folder = join(scratch, 'Music');
  const db = join(scratch, 'music.db');
  try {
    const writeStart = performance.now();
    const folders = writeMusicFolder(folder, FILES, scratch);
    const writeMs = performance.now() - writeStart;
    const method = `playdeck serve --music on ${FILES} generated files in ${folders} folders (written in ${Math.round(writeMs / 1000)} s)`;

    const firstStart = performance.now();
    const first = await startService(['--music', folder, '--db', db]);
    const firstScan = await scanUntilIdle(first.child, first.values);
    const firstMs = performance.now() - firstStart;
    await stop(first.child);

    const secondStart = performance.now();
    const second = await startService(['--music', folder, '--db', db]);
    const listening = performance.now();
    const secondScan = await scanUntilIdle(second.child, second.values);
    const done = performance.now();
    await stop(second.child);

    return [
      { section: 'scan', name: 'first scan', value: round(firstMs, 0), unit: 'ms', budget: { max: 60_000 }, method: `${method}: from the process's start to the scan's idle (tags only)` },
      { section: 'scan', name: 'first scan: files read', value: firstScan.scan.read, unit: 'count', method: 'as GET /playdeck/library counts them' },
      { section: 'scan', name: 'first scan: files per second', value: firstScan.scan.per_second, unit: '/s', method: 'the scan\'s own count: files read over its time' },
      { section: 'scan', name: 'first scan: peak RSS', value: round(firstScan.peakRssMb, 1), unit: 'MB', budget: { max: 250 }, method: 'VmRSS of the serve process (its worker thread included), sampled every 100 ms, and its VmHWM' },
      { section: 'scan', name: 'rescan, nothing new', value: round(done - listening, 0), unit: 'ms', budget: { max: 3_000 }, method: `a second start on the same database: from its base_url line to the scan's idle (found ${secondScan.scan.found}, read ${secondScan.scan.read})` },
      { section: 'scan', name: 'rescan: start to idle', value: round(done - secondStart, 0), unit: 'ms', method: 'the same start, from the process\'s start' },
      { section: 'scan', name: 'rescan: peak RSS', value: round(secondScan.peakRssMb, 1), unit: 'MB', method: 'as the first scan\'s' },
    ];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
