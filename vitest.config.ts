import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    // Ink renders nothing but the last frame while CI is set, and CI sets it.
    env: { CI: 'false', CONTINUOUS_INTEGRATION: 'false', FORCE_COLOR: '0' },
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
