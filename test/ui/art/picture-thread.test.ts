/**
 * Issue 37, finding 1: covers are drawn in a worker thread, so that no picture holds up the UI thread (the clock
 * of Now playing ticks on while one decodes), and one that takes longer than the budget is stopped mid-decode.
 * The worker runs here as the program runs it: bundled whole (scripts/bundle.mjs), started from that string.
 */
import { Worker } from 'node:worker_threads';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pictureWorkerCode } from '../../../scripts/bundle.mjs';
import { coverPng } from '../../../src/service/images/cover-picture.js';
import { ImageDecodeError } from '../../../src/ui/art/decode.js';
import { drawPicture } from '../../../src/ui/art/draw-picture.js';
import { createPictureThread, type PictureThread } from '../../../src/ui/art/picture-thread.js';
import { progressiveJpeg } from '../../helpers/picture-bomb.js';

/** The picture worker as the program starts it: bundled whole (scripts/bundle.mjs), from a string. */
function bundledWorker(code: string, started: Worker[] = []): () => Worker {
  return () => {
    const worker = new Worker(code, { eval: true });
    started.push(worker);
    return worker;
  };
}

let code: string;
beforeAll(async () => {
  code = await pictureWorkerCode();
});

/** A worker that takes every picture and never answers, as one stuck in a decode would. */
function stuckWorker(started: Worker[]): () => Worker {
  return () => {
    const worker = new Worker("require('node:worker_threads').parentPort.on('message', () => {});", { eval: true });
    started.push(worker);
    return worker;
  };
}

const exited = (worker: Worker) => new Promise<number>((resolve) => worker.once('exit', resolve));

const threads: PictureThread[] = [];
afterEach(() => {
  for (const thread of threads.splice(0)) thread.close();
});
const thread = (options: Parameters<typeof createPictureThread>[0]) => {
  const made = createPictureThread(options);
  threads.push(made);
  return made;
};

describe('the picture thread', () => {
  it('draws what the UI thread would have drawn: half-blocks and the PNG a kitty terminal draws', async () => {
    const pictures = thread({ startWorker: bundledWorker(code), budgetMs: 30_000 });
    const cover = coverPng('album-1', 64);
    for (const style of ['truecolor', '256', 'kitty'] as const) {
      expect(await pictures.draw(cover, { columns: 10, rows: 5, style })).toEqual(drawPicture(cover, { columns: 10, rows: 5, style }));
    }
    await expect(pictures.draw(Buffer.from('<html>'), { columns: 10, rows: 5, style: 'truecolor' })).rejects.toThrow(ImageDecodeError);
    await expect(pictures.draw(Buffer.from('<html>'), { columns: 10, rows: 5, style: 'truecolor' })).rejects.toThrow(/not a PNG or JPEG image/);
  });

  it('leaves the UI thread free while the slowest picture the budget allows decodes', async () => {
    // 1600×1600 and 64 scans: within the budget, and about half a second of a decoder's time.
    const slowest = progressiveJpeg(1600, 1600, 63);
    const pictures = thread({ startWorker: bundledWorker(code), budgetMs: 30_000 });
    let turns = 0;
    let isDrawn = false;
    const drawn = pictures.draw(slowest, { columns: 10, rows: 5, style: 'truecolor' }).finally(() => (isDrawn = true));
    // Each turn of the event loop is a moment the clock or a key could have been served.
    while (!isDrawn) {
      await new Promise((resolve) => setImmediate(resolve));
      turns += 1;
    }
    expect((await drawn).kind).toBe('rows');
    expect(turns).toBeGreaterThan(1);
    // Drawn here instead, the same picture would have held the thread for the whole decode: no turn between.
    let turnsInProcess = 0;
    const counting = setImmediate(() => (turnsInProcess += 1));
    drawPicture(slowest, { columns: 10, rows: 5, style: 'truecolor' });
    expect(turnsInProcess).toBe(0);
    clearImmediate(counting);
  });

  it('gives up a picture not drawn within the budget, stops its worker mid-decode, and draws the next in another', async () => {
    const started: Worker[] = [];
    const pictures = thread({ startWorker: stuckWorker(started), budgetMs: 50 });
    const request = { columns: 10, rows: 5, style: 'truecolor' } as const;
    await expect(pictures.draw(coverPng('x', 64), request)).rejects.toThrow(/not decoded within the budget of 50 ms: stopped/);
    expect(started).toHaveLength(1);
    await exited(started[0]!);
    await expect(pictures.draw(coverPng('y', 64), request)).rejects.toThrow(ImageDecodeError);
    expect(started).toHaveLength(2);
  });

  it('keeps one worker for pictures in a row, and ends it once idle', async () => {
    const started: Worker[] = [];
    const pictures = thread({ startWorker: bundledWorker(code, started), budgetMs: 30_000, idleMs: 50 });
    const request = { columns: 10, rows: 5, style: 'kitty' } as const;
    await Promise.all([pictures.draw(coverPng('a', 64), request), pictures.draw(coverPng('b', 64), request)]);
    expect(started).toHaveLength(1);
    expect(await exited(started[0]!)).toBe(1);
    await pictures.draw(coverPng('c', 64), request);
    expect(started).toHaveLength(2);
  });
});
