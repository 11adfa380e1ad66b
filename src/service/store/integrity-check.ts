import type { Worker } from 'node:worker_threads';

/**
 * The background integrity check of a database being served: a corrupt file whose header is intact opens fine,
 * and `PRAGMA quick_check` reads all of it (~350 ms on the demo catalog), too slow for the start. It runs in a
 * worker thread (integrity-worker.mjs) a moment after the service listens, once per start of the process that
 * serves the file; what it finds goes to `onDamage`.
 */

/**
 * How long after listening the check starts: the start's own work goes first (on two cores, the dashboard's
 * first frames), and a `playdeck status` that starts the service for one answer has closed it by then.
 */
export const INTEGRITY_CHECK_AFTER_MS = 2_000;

/** Beside this module: the .mjs itself in src, and its bundle in dist/chunks/, beside the service's chunk. */
const WORKER_URL = new URL('./integrity-worker.mjs', import.meta.url);

type CheckAnswer = { kind: 'ok' } | { kind: 'damaged'; detail: string } | { kind: 'failed'; detail: string };

export interface IntegrityCheckOptions {
  path: string;
  afterMs?: number;
  onDamage(detail: string): void;
  log(line: string): void;
}

export interface IntegrityCheck {
  /** Stops the check (or keeps it from starting): the service is closing. */
  stop(): void;
}

export function scheduleIntegrityCheck({ path, afterMs = INTEGRITY_CHECK_AFTER_MS, onDamage, log }: IntegrityCheckOptions): IntegrityCheck {
  let worker: Worker | null = null;
  let isStopped = false;
  const start = async () => {
    const startedAt = performance.now();
    try {
      // Loaded here, not with the service: Node's worker modules cost the start ~10 ms.
      const { Worker } = await import('node:worker_threads');
      if (isStopped) return;
      worker = new Worker(WORKER_URL, { workerData: { path } });
    } catch (error) {
      log(`playdeck service: the integrity check of ${path} could not start: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    // Never what keeps the process alive: a dashboard that quits meanwhile does not wait for it.
    worker.unref();
    worker.once('message', (answer: CheckAnswer) => {
      if (isStopped) return;
      if (answer.kind === 'damaged') return onDamage(answer.detail);
      const took = `${Math.round(performance.now() - startedAt)} ms`;
      log(answer.kind === 'ok' ? `playdeck service: integrity check of ${path}: ok (${took})` : `playdeck service: ${answer.detail} (${path}, not checked)`);
    });
    worker.once('error', (error) => {
      if (!isStopped) log(`playdeck service: the integrity check of ${path} could not run: ${error.message}`);
    });
  };
  const timer = setTimeout(() => void start(), afterMs).unref();
  return {
    stop() {
      isStopped = true;
      clearTimeout(timer);
      void worker?.terminate();
    },
  };
}
