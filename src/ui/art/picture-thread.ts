/**
 * Where covers are drawn: a worker thread, so that no picture holds up the UI thread (its clock, its keys),
 * however long its decoding would take. One picture at a time, in order; one not drawn within the picture
 * budget's time is given up and its worker stopped mid-decode (the next picture starts another). The worker
 * starts with the first picture (Node's worker modules are loaded then, not at start) and ends once idle, so
 * that a dashboard at rest keeps no second heap; it never holds the process open.
 */
import type { Worker } from 'node:worker_threads';
import { ImageDecodeError } from './decode-error.js';
import type { DrawnPicture, DrawRequest } from './draw-picture.js';
import { PICTURE_BUDGET } from './picture-budget.js';
import { PICTURE_WORKER_CODE } from './picture-worker-code.js';
import type { PictureAnswer, PictureJob } from './picture-worker.js';

/** A worker idle this long ends: a run of `n` presses shares one, an item of minutes does not keep it. */
export const PICTURE_THREAD_IDLE_MS = 10_000;

/**
 * A heap far larger than a cover needs (its pixels are outside it): a decode that would grow past it ends its
 * worker instead of the dashboard's memory.
 */
const WORKER_HEAP_MB = 64;

export interface PictureThreadOptions {
  /** Starts a worker running picture-worker.ts; null draws in this thread (from src, where no bundle exists). */
  startWorker?: (() => Promise<Worker> | Worker) | null;
  /** How long a picture may take, its worker's start included. */
  budgetMs?: number;
  idleMs?: number;
}

export interface PictureThread {
  /** What `bytes` show in the box; rejects with ImageDecodeError for what is no picture or past the budget. */
  draw(bytes: Buffer, request: DrawRequest): Promise<DrawnPicture>;
  /** Stops the worker, if one runs; pictures asked for after start another. */
  close(): void;
}

interface Job {
  bytes: Buffer;
  request: DrawRequest;
  resolve(drawn: DrawnPicture): void;
  reject(error: Error): void;
}

/** The worker of the bundle (the program, the bench's harnesses); none from src. */
function bundledWorker(): (() => Promise<Worker>) | null {
  const code = PICTURE_WORKER_CODE;
  if (code === null) return null;
  return async () => {
    const { Worker } = await import('node:worker_threads');
    return new Worker(code, { eval: true, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  };
}

function inThisThread(): PictureThread {
  return {
    // Imported when first used: from src only, and so the decoders stay out of the bundle's dashboard.
    draw: async (bytes, request) => (await import('./draw-picture.js')).drawPicture(bytes, request),
    close: () => undefined,
  };
}

const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export function createPictureThread({
  startWorker = bundledWorker(),
  budgetMs = PICTURE_BUDGET.maxDecodeMs,
  idleMs = PICTURE_THREAD_IDLE_MS,
}: PictureThreadOptions = {}): PictureThread {
  if (startWorker === null) return inThisThread();
  const queue: Job[] = [];
  let running: (Job & { id: number; timer: ReturnType<typeof setTimeout> }) | null = null;
  let worker: Worker | null = null;
  let starting: Promise<Worker> | null = null;
  let idle: ReturnType<typeof setTimeout> | undefined;
  let lastId = 0;

  const stopWorker = (): void => {
    const stopped = worker;
    worker = null;
    clearTimeout(idle);
    void stopped?.terminate();
  };

  const settle = (outcome: { drawn: DrawnPicture } | { error: Error }): void => {
    const job = running;
    if (job === null) return;
    running = null;
    clearTimeout(job.timer);
    if ('drawn' in outcome) job.resolve(outcome.drawn);
    else job.reject(outcome.error);
    next();
  };

  const onAnswer = (answer: PictureAnswer): void => {
    if (running?.id !== answer.id) return;
    if ('problem' in answer) return settle({ error: new ImageDecodeError(answer.problem) });
    const { drawn } = answer;
    settle({ drawn: drawn.kind === 'png' ? { kind: 'png', png: asBuffer(drawn.png) } : drawn });
  };

  const spawn = async (): Promise<Worker> => {
    const started = await startWorker();
    started.unref();
    worker = started;
    started.on('message', onAnswer);
    // A worker that failed (out of its heap, say) or ended by itself: what it was drawing is refused. One
    // stopped here (stopWorker) was let go first, and is heard no more.
    const ended = (why: string): void => {
      if (worker !== started) return;
      worker = null;
      settle({ error: new ImageDecodeError(`cannot decode the image: ${why}`) });
    };
    started.on('error', (error) => ended(error.message));
    started.on('exit', () => ended('its thread ended'));
    return started;
  };

  function next(): void {
    if (running !== null) return;
    const job = queue.shift();
    if (job === undefined) {
      clearTimeout(idle);
      idle = setTimeout(stopWorker, idleMs);
      idle.unref();
      return;
    }
    clearTimeout(idle);
    const id = ++lastId;
    const timer = setTimeout(() => {
      // Stopped mid-decode: nothing of it runs on, and the next picture gets a fresh worker.
      stopWorker();
      settle({ error: new ImageDecodeError(`not decoded within the budget of ${budgetMs} ms: stopped`) });
    }, budgetMs);
    timer.unref();
    running = { ...job, id, timer };
    const posted: PictureJob = { id, bytes: new Uint8Array(job.bytes), request: job.request };
    const ready = worker !== null ? Promise.resolve(worker) : (starting ??= spawn());
    ready.then(
      (ready) => {
        starting = null;
        if (running?.id === id) ready.postMessage(posted);
      },
      (error: unknown) => {
        starting = null;
        if (running?.id === id) settle({ error: new ImageDecodeError(`cannot start the picture thread: ${error instanceof Error ? error.message : String(error)}`) });
      },
    );
  }

  return {
    draw: (bytes, request) =>
      new Promise((resolve, reject) => {
        queue.push({ bytes, request, resolve, reject });
        next();
      }),
    close: () => {
      stopWorker();
    },
  };
}

let shared: PictureThread | null = null;

/** The dashboard's picture thread (one per process). */
export function pictureThread(): PictureThread {
  return (shared ??= createPictureThread());
}
