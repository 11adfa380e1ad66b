import { readFile } from 'node:fs/promises';
import { defineConfig } from 'vitest/config';
import { inkReplacement } from './src/terminal/ink-replacements.mjs';

/** Ink and the packages that import it: loaded by Vite rather than by Node, so that the plugin below applies. */
const INK_AND_ITS_USERS = /[\\/]node_modules[\\/](ink|ink-text-input|ink-testing-library|@alcalzone[\\/]ink-table)[\\/]/;

export default defineConfig({
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
    include: ['test/**/*.test.{ts,tsx}'],
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    // Ink renders nothing but the last frame while CI is set, and CI sets it.
    env: { CI: 'false', CONTINUOUS_INTEGRATION: 'false', FORCE_COLOR: '0' },
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Every package that imports Ink is inlined with it, so that a test has one Ink (one set of React contexts).
    server: { deps: { inline: [INK_AND_ITS_USERS] } },
  },
});
