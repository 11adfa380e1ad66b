import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { inkReplacement } from './src/terminal/ink-replacements.mjs';
import { LongWaitsFirst } from './test/helpers/sequencer.js';

/** Ink and the packages that import it: loaded by Vite rather than by Node, so that the plugin below applies. */
const INK_AND_ITS_USERS = /[\\/]node_modules[\\/](ink|ink-text-input|ink-testing-library|@alcalzone[\\/]ink-table)[\\/]/;

const TEST_FILES = 'test/**/*.test.{ts,tsx}';
const TEST_DIR = fileURLToPath(new URL('test/', import.meta.url));

/** Test files that replace a module with `vi.mock`: each needs modules of its own, loaded after its mock. */
const MOCKING_FILES = readdirSync(TEST_DIR, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(TEST_DIR + file, 'utf8')))
  .map((file) => `test/${file.replaceAll('\\', '/')}`);

/** What both groups of files share: how Ink is loaded, the environment, the time limits. */
const shared: TestProjectInlineConfiguration = {
  plugins: [
    {
      // In-process tests draw through the files the bundled program uses in place of Ink's (ink-replacements.mjs).
      name: 'shipped-ink',
      enforce: 'pre',
      resolveId: (specifier, importer) => inkReplacement(specifier, importer),
      // Their source maps name sources the packages do not ship: Vite would warn of each file.
      load: async (id) => (INK_AND_ITS_USERS.test(id) ? (await readFile(id, 'utf8')).replace(/^\/\/# sourceMappingURL=.*$/m, '') : undefined),
    },
  ],
  test: {
    // Ink renders nothing but the last frame while CI is set, and CI sets it.
    env: { CI: 'false', CONTINUOUS_INTEGRATION: 'false', FORCE_COLOR: '0' },
    setupFiles: ['test/helpers/each-file.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Every package that imports Ink is inlined with it, so that a test has one Ink (one set of React contexts).
    server: { deps: { inline: [INK_AND_ITS_USERS] } },
  },
};

export default defineConfig({
  test: {
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    projects: [
      {
        ...shared,
        test: {
          ...shared.test,
          name: 'shared-modules',
          include: [TEST_FILES],
          exclude: MOCKING_FILES,
          // A worker keeps what it has loaded (React, Ink, fastify, the program) from one file to the next:
          // loading them anew for every file cost more than all the in-process tests themselves.
          isolate: false,
        },
      },
      ...(MOCKING_FILES.length === 0 ? [] : [{ ...shared, test: { ...shared.test, name: 'own-modules', include: MOCKING_FILES, isolate: true } }]),
    ],
    // Most of the end-to-end tests' time is spent waiting on the program in tmux or on the clock: more files than
    // cores run at once, the long waits first, so that the in-process tests fill the cores meanwhile.
    maxWorkers: Math.max(4, availableParallelism()),
    sequence: { sequencer: LongWaitsFirst },
  },
});
