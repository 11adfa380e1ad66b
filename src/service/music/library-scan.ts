import type { Worker } from 'node:worker_threads';
import type { ScanMessage, ScanProgress, ScanSetup } from './scan-protocol.js';

/**
 * The scan's worker thread as the service sees it (scan-thread.ts does the work): started with the service,
 * ended with it; its progress kept for `GET /playdeck/library` and `serve`'s lines, each batch it commits told.
 */

/** Beside this module: the .mjs in src (tsx loads the TypeScript), and scan-thread.ts bundled under its name in dist/chunks/. */
const WORKER_URL = new URL('./scan-worker.mjs', import.meta.url);

export interface ScanHandlers {
  /** A batch is in the catalog (the worker's connection committed it). */
  committed(): void;
  /** Each progress the worker tells (at most 4 a second). */
  progress?(progress: ScanProgress): void;
  log(line: string): void;
}

/** What the scan needs of its thread: a tests' stand-in hears the same messages. */
export type ScanWorker = Pick<Worker, 'on' | 'once' | 'unref' | 'terminate'>;

async function startWorker(setup: ScanSetup): Promise<ScanWorker> {
  // Loaded here: Node's worker modules cost a start that scans nothing ~10 ms.
  const threads = await import('node:worker_threads');
  // Its heap bounded: a scan holds a batch of tags and the folder's sizes and times, tens of megabytes at most,
  // in the dashboard's own process (its budget is 250 MB whole).
  return new threads.Worker(WORKER_URL, { workerData: setup, resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 } });
}

export class LibraryScan {
  private worker: ScanWorker | null = null;
  private isStopped = false;
  /** The last progress told; null before the worker's first word. */
  progress: ScanProgress | null = null;
  /** Settled once the first scan is done (or failed). */
  readonly firstScan: Promise<void>;
  private settleFirst!: () => void;

  constructor(
    private readonly setup: ScanSetup,
    private readonly handlers: ScanHandlers,
    private readonly startThread: (setup: ScanSetup) => Promise<ScanWorker> = startWorker,
  ) {
    this.firstScan = new Promise((resolve) => (this.settleFirst = resolve));
  }

  async start(): Promise<void> {
    if (this.isStopped) return;
    const worker = await this.startThread(this.setup);
    if (this.isStopped) {
      await worker.terminate();
      return;
    }
    // Scanning from now on, before the worker's first word: a dashboard asking at once sees it.
    this.progress = { state: 'scanning', first: false, found: 0, read: 0, perSecond: 0 };
    this.worker = worker;
    // Never what keeps the process alive: a dashboard that quits does not wait for a scan.
    worker.unref();
    worker.on('message', (message: ScanMessage) => {
      if (this.isStopped) return;
      switch (message.kind) {
        case 'progress':
          this.progress = message.progress;
          this.handlers.progress?.(message.progress);
          if (message.progress.state === 'idle') this.settleFirst();
          return;
        case 'committed':
          this.handlers.committed();
          return;
        case 'failed':
          this.handlers.log(`playdeck service: the scan of the music folder failed: ${message.message}`);
          this.stopScanning();
          return;
      }
    });
    worker.once('error', (error) => {
      if (this.isStopped) {
        this.settleFirst();
        return;
      }
      this.handlers.log(`playdeck service: the scan of the music folder stopped: ${error.message}`);
      this.stopScanning();
    });
  }

  /**
   * A scan that failed is not running: left at `scanning`, the dashboard's line said "0 files found" for good.
   * A first scan tried again says `scanning` again with its first progress.
   */
  private stopScanning(): void {
    if (this.progress !== null && this.progress.state !== 'idle') {
      this.progress = { ...this.progress, state: 'idle', perSecond: 0 };
      this.handlers.progress?.(this.progress);
    }
    this.settleFirst();
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    this.settleFirst();
    await this.worker?.terminate();
  }
}
