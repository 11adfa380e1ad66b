import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { LibraryScan, type ScanWorker } from '../../../src/service/music/library-scan.js';
import type { ScanMessage, ScanProgress } from '../../../src/service/music/scan-protocol.js';

/** A thread that says what the test tells it to: the scan's messages without a folder to fail on. */
function fakeThread() {
  const events = new EventEmitter();
  const worker = Object.assign(events, { unref: () => worker, terminate: async () => 0 }) as unknown as ScanWorker;
  return { worker, say: (message: ScanMessage) => events.emit('message', message), crash: (error: Error) => events.emit('error', error) };
}

function scanOf(thread: ReturnType<typeof fakeThread>) {
  const told: ScanProgress[] = [];
  const lines: string[] = [];
  const scan = new LibraryScan(
    { db: ':memory:', folders: { music: '/music', podcasts: null }, followOutsideLinks: false, watch: true },
    { committed: () => undefined, progress: (progress) => told.push(progress), log: (line) => lines.push(line) },
    async () => thread.worker,
  );
  return { scan, told, lines };
}

const scanning: ScanProgress = { state: 'scanning', first: true, found: 120, read: 80, perSecond: 40 };

describe('the scan as the service sees it', () => {
  it('is no longer scanning once its scan failed, and scanning again when a try starts again', async () => {
    const thread = fakeThread();
    const { scan, told, lines } = scanOf(thread);
    await scan.start();
    thread.say({ kind: 'progress', progress: scanning });
    thread.say({ kind: 'failed', message: 'database is locked: trying again in 10 s' });
    expect(scan.progress).toEqual({ ...scanning, state: 'idle', perSecond: 0 });
    expect(told.at(-1)?.state).toBe('idle');
    expect(lines).toEqual(['playdeck service: the scan of the music folder failed: database is locked: trying again in 10 s']);
    await scan.firstScan;
    thread.say({ kind: 'progress', progress: { ...scanning, found: 0, read: 0 } });
    expect(scan.progress?.state).toBe('scanning');
  });

  it('is no longer scanning once its thread stopped on an error', async () => {
    const thread = fakeThread();
    const { scan, told } = scanOf(thread);
    await scan.start();
    expect(scan.progress?.state).toBe('scanning');
    thread.crash(new Error('out of memory'));
    expect(scan.progress?.state).toBe('idle');
    expect(told.map((progress) => progress.state)).toEqual(['idle']);
    await scan.firstScan;
  });

  it('tells nothing new of a failure after its scan had ended (a watch that could not start)', async () => {
    const thread = fakeThread();
    const { scan, told } = scanOf(thread);
    await scan.start();
    thread.say({ kind: 'progress', progress: { ...scanning, state: 'idle' } });
    thread.say({ kind: 'failed', message: 'cannot watch /music: too many watches' });
    expect(told.map((progress) => progress.state)).toEqual(['idle']);
  });
});
