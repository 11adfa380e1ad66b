import type { BuildOptions } from 'esbuild';

/** esbuild options for bundling `entryPoints` into `outdir` as the program is bundled (see bundle.mjs). */
export function bundleOptions(entryPoints: string[], outdir: string): BuildOptions;

/** esbuild options for the integrity check's worker, into `outdir`/chunks/ beside the service's chunk (see bundle.mjs). */
export function integrityWorkerOptions(outdir: string): BuildOptions;

/** `source` (a module of `path`) with its module-level Segmenters and Unicode-property regular expressions made on first use (see bundle.mjs). */
export function lazyUnicode(source: string, path: string): string;

/** The cover worker (src/ui/art/picture-worker.ts) bundled whole, as the program starts it (see bundle.mjs). */
export function pictureWorkerCode(): Promise<string>;
