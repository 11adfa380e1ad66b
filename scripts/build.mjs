// Bundles src/cli.tsx into dist/cli.js (dependencies stay external): starts in milliseconds, where running
// TypeScript through a loader at every launch would cost a few hundred. Split at dynamic imports, so each
// command loads only its own code and packages.
import { build } from 'esbuild';
import { chmodSync, existsSync } from 'node:fs';

if (!existsSync('src/cli.tsx')) process.exit(0);
await build({
  entryPoints: ['src/cli.tsx'],
  outdir: 'dist',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  jsx: 'automatic',
  banner: { js: '#!/usr/bin/env node' },
  logLevel: 'warning',
});
chmodSync('dist/cli.js', 0o755);
