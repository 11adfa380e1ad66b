import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

/**
 * Test files share loaded modules within a worker (vitest.config.ts): a hook a helper registers at its top
 * level would be registered in the first file of each worker that loads it, and missing from the others.
 * Hooks every file needs go in each-file.ts, which runs for each file; a helper may register hooks inside
 * a function the test file calls (as service-fixture.ts does).
 */
it('no helper module registers a hook at its top level, but the per-file setup', () => {
  const helpers = readdirSync('test', { recursive: true, encoding: 'utf8' })
    .map((file) => `test/${file.replaceAll('\\', '/')}`)
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('test/bench/') && file !== 'test/helpers/each-file.ts');
  expect(helpers).toContain('test/helpers/render.tsx');
  const hooking = helpers.filter((file) => /^(?:beforeAll|beforeEach|afterAll|afterEach)\(/m.test(readFileSync(file, 'utf8')));
  expect(hooking).toEqual([]);
});
