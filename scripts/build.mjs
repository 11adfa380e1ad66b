// Bundles src/cli.tsx into dist/cli.js (see bundle.mjs): each command loads only its own code and packages.
// An installed package has dist/ and neither src/ nor esbuild: nothing to build, so the check comes before
// anything is imported. Chunks are named by hash and a build leaves the old ones, which a program still
// running may load; `--clean` (before packing) empties dist/ first so the tarball holds only this build's.
import { chmodSync, existsSync, rmSync } from 'node:fs';

if (!existsSync('src/cli.tsx')) process.exit(0);
if (process.argv.includes('--clean')) rmSync('dist', { recursive: true, force: true });
const { build } = await import('esbuild');
const { bundleOptions, integrityWorkerOptions, scanWorkerOptions } = await import('./bundle.mjs');
await build(bundleOptions(['src/cli.tsx'], 'dist'));
await build(integrityWorkerOptions('dist'));
await build(scanWorkerOptions('dist'));
chmodSync('dist/cli.js', 0o755);
