// Bundles src/cli.tsx into dist/cli.js (see bundle.mjs): each command loads only its own code and packages.
// An installed package has dist/ and neither src/ nor esbuild: nothing to build, so the check comes before
// anything is imported.
import { chmodSync, existsSync } from 'node:fs';

if (!existsSync('src/cli.tsx')) process.exit(0);
const { build } = await import('esbuild');
const { bundleOptions } = await import('./bundle.mjs');
await build(bundleOptions(['src/cli.tsx'], 'dist'));
chmodSync('dist/cli.js', 0o755);
