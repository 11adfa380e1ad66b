// Bundles src/cli.tsx into dist/cli.js (see bundle.mjs): each command loads only its own code and packages.
import { build } from 'esbuild';
import { chmodSync, existsSync } from 'node:fs';
import { bundleOptions } from './bundle.mjs';

if (!existsSync('src/cli.tsx')) process.exit(0);
await build(bundleOptions(['src/cli.tsx'], 'dist'));
chmodSync('dist/cli.js', 0o755);
