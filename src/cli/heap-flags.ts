import { setFlagsFromString } from 'node:v8';
import type { Worker } from 'node:worker_threads';

/**
 * V8 lets the heap of a busy process grow by up to 4× its live size before collecting; walking the 10,000-item
 * playlist then peaked at ~300 MB for ~50 MB of live objects. The dashboard sits open all day on laptops: it
 * grows its heap by 20 % and keeps the young generation at its first size instead (peak ~155 MB, measured with
 * `npm run bench -- --only memory`), for slightly more frequent collections. Both flags take effect when set
 * before the heap has grown, which is why the dashboard sets them first; Node refuses them in NODE_OPTIONS.
 */
export function growHeapSlowly(): void {
  setHeapFlags();
  // On Node 20 a worker thread's start (the embedded service's integrity check) sets every V8 flag of the
  // process back to its default: the young generation then grew to 32 MB. Set again once the worker runs.
  process.on('worker', (worker: Worker) => worker.once('online', setHeapFlags));
}

function setHeapFlags(): void {
  setFlagsFromString('--heap-growing-percent=20');
  setFlagsFromString('--semi-space-growth-factor=1');
}
