import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const HEAP_FLAGS = fileURLToPath(new URL('../../src/cli/heap-flags.ts', import.meta.url));

/**
 * A fresh Node (V8's flags are the process's, and a test worker is itself a thread): the heap flags set, a
 * worker thread started and ended, then a churn of short-lived objects. Prints the young generation's size.
 */
const CHILD = `
import { getHeapSpaceStatistics } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { growHeapSlowly } from ${JSON.stringify(HEAP_FLAGS)};
growHeapSlowly();
await new Promise((resolve) => new Worker('0', { eval: true }).once('exit', resolve));
const kept = [];
for (let i = 0; i < 3_000_000; i++) {
  kept.push({ i, text: 'item ' + i });
  if (kept.length > 200_000) kept.splice(0, 100_000);
}
process.stdout.write(String(getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size));
`;

describe('the heap flags', () => {
  it('still hold after a worker thread has started (on Node 20 its start set them back, and the young generation grew to 32 MB)', () => {
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], { encoding: 'utf8' });
    expect(Number(output)).toBeGreaterThan(0);
    expect(Number(output)).toBeLessThanOrEqual(4 * 1024 * 1024);
  });
});
