/**
 * The worker thread that draws covers (picture-thread.ts starts it): each message a picture's bytes and its
 * box, each answer what drawPicture made of them or why it could not. Bundled whole into the program
 * (scripts/bundle.mjs, picture-worker-code.ts); from src, run by a Node that reads TypeScript.
 */
import { parentPort } from 'node:worker_threads';
import { drawPicture, type DrawRequest } from './draw-picture.js';

export interface PictureJob {
  id: number;
  bytes: Uint8Array;
  request: DrawRequest;
}

export type PictureAnswer = { id: number; drawn: ReturnType<typeof drawPicture> } | { id: number; problem: string };

parentPort?.on('message', ({ id, bytes, request }: PictureJob) => {
  let answer: PictureAnswer;
  try {
    answer = { id, drawn: drawPicture(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), request) };
  } catch (error) {
    answer = { id, problem: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(answer);
});
