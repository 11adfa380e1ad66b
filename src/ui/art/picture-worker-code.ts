/**
 * The picture worker's code (picture-worker.ts) as one script, for `new Worker(code, { eval: true })`: the
 * bundle replaces this file with the worker bundled whole (scripts/bundle.mjs), so that the program starts it
 * wherever its chunks are. From src (tests, tsx) there is none: pictures are drawn in process, or a test starts
 * the worker file itself.
 */
export const PICTURE_WORKER_CODE: string | null = null;
