import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { Options as StockOptions } from 'got';
import stockSliceAnsi from 'slice-ansi';
import stockStringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { bundleOptions } from '../../scripts/bundle.mjs';
import { coverPng } from '../../src/service/images/cover-picture.js';
import { hiddenClassCount } from '../helpers/hidden-classes.js';

/**
 * What scripts/build.mjs makes of the program (test/helpers/global-setup.ts builds dist/ before the tests):
 * dependencies bundled, with the exceptions the running program depends on.
 */

/** esbuild's import statements (one per line, or the closing line of a long one) and its chunk loads. */
const IMPORT = /^(?:import|export|\})[^"\n]*?["']([^"'\n]+)["'];$|\bimport\("(\.\.?\/[\w/-]+\.js)"\)/gm;

/** dist/cli.js and every chunk it reaches through static or dynamic imports (dist/ may hold older chunks). */
function builtFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (path: string): void => {
    if (files.has(path)) return;
    const source = readFileSync(path, 'utf8');
    files.set(path, source);
    for (const match of source.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2]!;
      if (specifier.startsWith('.')) visit(join(dirname(path), specifier));
    }
  };
  visit('dist/cli.js');
  return files;
}

function importedPackages(files: Map<string, string>): Set<string> {
  const packages = new Set<string>();
  for (const source of files.values()) {
    for (const match of source.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2]!;
      if (!specifier.startsWith('.') && !isBuiltin(specifier)) packages.add(specifier);
    }
  }
  return packages;
}

describe('the built program', () => {
  const files = builtFiles();
  const everything = [...files.values()].join('\n');

  it('reaches the serve, login and dashboard chunks from dist/cli.js', () => {
    const names = [...files.keys()].map((path) => path.split('/').pop()!);
    for (const command of ['serve-', 'login-', 'dashboard-']) expect(names.some((name) => name.startsWith(command))).toBe(true);
  });

  it('imports no package but better-sqlite3 (a native addon) and Ink’s optional devtools', () => {
    expect([...importedPackages(files)].sort()).toEqual(['better-sqlite3', 'react-devtools-core']);
  });

  it('leaves out what fastify loads only for inject, a logger or schemas', () => {
    // esbuild opens each bundled file with a `// path/of/the/file.js` line.
    const bundled = [...everything.matchAll(/^\/\/ \S*?node_modules\/(\S+)$/gm)].map((match) => match[1]!);
    expect(bundled).toContain('fastify/fastify.js');
    const leftOut = ['light-my-request/', 'pino/', 'ajv/', 'fast-json-stringify/index.js'];
    expect(bundled.filter((file) => leftOut.some((name) => file.startsWith(name)))).toEqual([]);
  });

  it('bundles Ink with our Output class, widest-line and measure-text in place of its own', () => {
    expect(everything).not.toContain('class OutputCaches');
    expect(everything).toContain('// src/terminal/fast-output.ts');
    expect(everything).toContain('// src/terminal/widest-line.ts');
    expect(everything).toContain('// src/terminal/measure-text.ts');
    expect(everything).not.toContain('// node_modules/ink/build/measure-text.js');
    expect(everything).not.toMatch(/^\/\/ \S*node_modules\/widest-line\//m);
  });

  /** Loads the dashboard's code (Ink, Yoga, React: not run) in a fresh node; what it loaded from outside the bundle. */
  function loadDashboardCode(nodeEnv: string): { internalModules: string[]; packageFiles: string[] } {
    const chunk = [...files.keys()].find((path) => path.split('/').pop()!.startsWith('dashboard-'))!;
    const script = `
      import { createRequire } from 'node:module';
      await import(${JSON.stringify(pathToFileURL(chunk).href)});
      const packageFiles = Object.keys(createRequire(import.meta.url).cache).filter((file) => file.includes('node_modules'));
      console.log(JSON.stringify({ internalModules: process.moduleLoadList, packageFiles }));`;
    const env = { ...process.env, NODE_ENV: nodeEnv };
    return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' }));
  }

  it('runs React’s bundled production build, and the installed development build when NODE_ENV asks', () => {
    const reactFiles = (nodeEnv: string) =>
      loadDashboardCode(nodeEnv)
        .packageFiles.map((file) => file.split('node_modules/').pop()!)
        .filter((file) => /^(react|react-reconciler|scheduler)\//.test(file));
    expect(reactFiles('production')).toEqual([]);
    const development = reactFiles('development');
    for (const name of ['react/cjs/react', 'react-reconciler/cjs/react-reconciler', 'scheduler/cjs/scheduler']) {
      expect(development).toContain(`${name}.development.js`);
    }
  });

  it('is ASCII throughout, so that V8 keeps each source one byte a character, and leaves out got’s http2-wrapper', () => {
    for (const [path, source] of files) expect({ path, nonAscii: source.match(/[^\x00-\x7f]/g) ?? [] }).toEqual({ path, nonAscii: [] });
    expect(everything).toContain('http2-wrapper is not bundled');
    expect(everything).not.toMatch(/resolve-alpn|resolveALPN/);
  });

  it('draws covers in a worker started from its own copy in the bundle: the decoders run there, never in the dashboard', async () => {
    const dashboard = [...files].find(([path]) => /[\\/]dashboard-\w+\.js$/.test(path))![1];
    const literal = /\bPICTURE_WORKER_CODE = ('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*");/.exec(dashboard);
    expect(literal).not.toBeNull();
    const code = new Function(`return ${literal![1]!};`)() as string;
    // jpeg-js's decoder: in the worker's code, not in the dashboard's own.
    expect(code).toContain('SOI not found');
    expect(dashboard.replace(literal![1]!, '')).not.toContain('SOI not found');
    const { Worker } = await import('node:worker_threads');
    const worker = new Worker(code, { eval: true });
    try {
      const answer = await new Promise<unknown>((resolve, reject) => {
        worker.once('message', resolve).once('error', reject);
        worker.postMessage({ id: 1, bytes: new Uint8Array(coverPng('album-1', 64)), request: { columns: 10, rows: 5, style: 'truecolor' } });
      });
      expect(answer).toMatchObject({ id: 1, drawn: { kind: 'rows', rows: expect.arrayContaining([expect.stringContaining('▀')]) } });
    } finally {
      await worker.terminate();
    }
  });

  it('starts Yoga without loading Node’s fetch implementation', () => {
    expect(loadDashboardCode('production').internalModules.filter((name) => name.includes('undici'))).toEqual([]);
  });
});

describe('the bundling', () => {
  it('gives the options got makes for each request one hidden class, with the fields got’s own code gives them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'playdeck-bundle-'));
    try {
      const { entryPoints: _, ...options } = bundleOptions([], dir);
      await build({ ...options, stdin: { contents: "export { Options } from 'got';", resolveDir: process.cwd(), loader: 'js', sourcefile: 'got-options.js' } });
      const { Options } = (await import(pathToFileURL(join(dir, 'stdin.js')).href)) as { Options: new (url: string) => { createNativeRequestOptions(): Record<string, unknown> } };
      const requests = Array.from({ length: 300 }, (_, index) => new Options(`http://127.0.0.1:1/v1/items/${index}`).createNativeRequestOptions());
      expect(hiddenClassCount(requests)).toBe(1);
      const url = 'http://127.0.0.1:1/v1/items/0';
      expect(requests[0]).toEqual(new StockOptions(url).createNativeRequestOptions());
      expect(Object.keys(requests[0]!).sort()).toEqual(Object.keys(new StockOptions(url).createNativeRequestOptions()).sort());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('makes the Segmenters and Unicode-property expressions of string-width, slice-ansi and Ink’s tokenizer on first use, measuring as before', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'playdeck-bundle-'));
    try {
      const { entryPoints: _, ...options } = bundleOptions([], dir);
      const contents = "export { default as stringWidth } from 'string-width'; export { default as sliceAnsi } from 'slice-ansi'; export { tokenize } from '@alcalzone/ansi-tokenize';";
      await build({ ...options, stdin: { contents, resolveDir: process.cwd(), loader: 'js', sourcefile: 'unicode.js' } });
      const bundled = readFileSync(join(dir, 'stdin.js'), 'utf8');
      // Nothing of the kind is made where the modules load: no Segmenter, no literal that V8 checks as it parses.
      expect(bundled).not.toMatch(/^var \w+ = new Intl\.Segmenter\(/m);
      expect(bundled).not.toMatch(/\/[^/\n]*\\p\{RGI_Emoji\}[^/\n]*\/v/);
      const lazy = (await import(pathToFileURL(join(dir, 'stdin.js')).href)) as {
        stringWidth: typeof stockStringWidth;
        sliceAnsi: typeof stockSliceAnsi;
        tokenize(text: string): { type: string; value?: string; fullWidth?: boolean }[];
      };
      const samples = ['plain', 'café', '漢字かな', '👍🏽 ok', '👨‍👩‍👧', '1️⃣', 'e\u0301', 'ﾊﾟ', '\u001b[31mred\u001b[39m ✓', '각', '\u200b'];
      for (const sample of samples) {
        expect(lazy.stringWidth(sample)).toBe(stockStringWidth(sample));
        expect(lazy.sliceAnsi(sample, 1, 4)).toBe(stockSliceAnsi(sample, 1, 4));
      }
      expect(lazy.tokenize('漢a👍🏽').filter((token) => token.type === 'char').map((token) => [token.value, token.fullWidth])).toEqual([
        ['漢', true],
        ['a', false],
        ['👍🏽', true],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
