import type { BuildOptions } from 'esbuild';

/** esbuild options for bundling `entryPoints` into `outdir` as the program is bundled (see bundle.mjs). */
export function bundleOptions(entryPoints: string[], outdir: string): BuildOptions;
