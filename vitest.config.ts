import { createLogger } from 'vite';
import { defineConfig } from 'vitest/config';
import { inkReplacement } from './src/terminal/ink-replacements.mjs';

// Inlined packages (below) ship source maps that name sources they do not ship: Vite warns of each one.
const logger = createLogger();
const warnOnce = logger.warnOnce.bind(logger);
logger.warnOnce = (message, options) => {
  if (!message.includes('points to missing source files')) warnOnce(message, options);
};

export default defineConfig({
  customLogger: logger,
  // In-process tests draw through the files the bundled program uses in place of Ink's (see ink-replacements.mjs).
  plugins: [{ name: 'shipped-ink', enforce: 'pre', resolveId: (specifier, importer) => inkReplacement(specifier, importer) }],
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    // Ink renders nothing but the last frame while CI is set, and CI sets it.
    env: { CI: 'false', CONTINUOUS_INTEGRATION: 'false', FORCE_COLOR: '0' },
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Loaded by Vite rather than by Node, so that the plugin above resolves Ink's imports; every package that
    // imports Ink too, so that there is one Ink (one set of React contexts) in a test.
    server: { deps: { inline: [/[\\/]node_modules[\\/](ink|ink-text-input|ink-testing-library|@alcalzone[\\/]ink-table)[\\/]/] } },
  },
});
