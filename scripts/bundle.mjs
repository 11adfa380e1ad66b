// How the program is bundled (scripts/build.mjs) and, the same way, the benchmark's in-process harness, so that it
// measures the code that ships: dependencies included, Node then reads a few large files instead of resolving,
// reading and (for CommonJS) lexing ~600 modules at every launch, which was most of the start time.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inkReplacement, REPLACED_SPECIFIERS } from '../src/terminal/ink-replacements.mjs';

/**
 * Kept out of the bundle: better-sqlite3 finds its native addon next to its own files; react-devtools-core is
 * an optional package that Ink imports only when DEV=true (absent, Ink says how to install it).
 */
const EXTERNAL = ['better-sqlite3', 'react-devtools-core'];

/**
 * Packages fastify requires only on first use of a feature the program leaves off: inject (tests), a logger
 * (logger: false), schemas (src/service/app.ts sets no compilers). Bundled, their ~0.9 MB were parsed at every
 * start; left out, they would load from node_modules should one ever be used.
 */
const UNUSED_BY_THE_PROGRAM = ['light-my-request', 'pino', '@fastify/ajv-compiler', '@fastify/fast-json-stringify-compiler'];

/** Ink's files replaced by ours, which give the same results faster: the list is src/terminal/ink-replacements.mjs. */
const fasterInk = {
  name: 'faster-ink',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: REPLACED_SPECIFIERS }, ({ path, importer }) => {
      const replacement = inkReplacement(path, importer);
      return replacement ? { path: replacement } : undefined;
    });
  },
};

/**
 * React's packages choose their build by NODE_ENV at run time (src/cli.tsx defaults it to production), each from
 * an index file such as `module.exports = require('./cjs/react.development.js')` in its else branch. The
 * development files (~1.2 MB) stay out of the bundle: that branch requires the installed package instead, which
 * then loads its own development build, so NODE_ENV=development still gets one in a checkout. An installed
 * playdeck has no React beside it (the bundle carries it): there that branch falls back to the production build.
 */
const developmentReactFromNodeModules = {
  name: 'development-react-from-node-modules',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\/cjs\/.+\.development\.js$/ }, ({ path, importer }) => {
      const match = /[\\/]node_modules[\\/](react|react-reconciler|scheduler)[\\/]([\w-]+)\.js$/.exec(importer);
      if (!match) return undefined;
      const [, name, file] = match;
      const installed = file === 'index' ? name : `${name}/${file}`;
      const production = fileURLToPath(new URL(path.replace('.development.', '.production.'), pathToFileURL(importer)));
      return { path: installed, namespace: 'development-react', pluginData: { production } };
    });
    pluginBuild.onLoad({ filter: /.*/, namespace: 'development-react' }, ({ path, pluginData }) => ({
      contents: `try { module.exports = require(${JSON.stringify(path)}); } catch (error) {
  if (error?.code !== 'MODULE_NOT_FOUND') throw error;
  module.exports = require(${JSON.stringify(pluginData.production)});
}`,
      loader: 'js',
      resolveDir: dirname(pluginData.production),
    }));
    pluginBuild.onResolve({ filter: /^(react|react-reconciler|scheduler)(\/[\w-]+)?$/, namespace: 'development-react' }, ({ path }) => ({ path, external: true }));
  },
};

/**
 * Yoga (Ink's layout engine) embeds its WebAssembly as a data: URL and, where `fetch` exists, reads it with
 * fetch: Node then loads its whole fetch implementation (undici) at start, ~20 ms, for one decode. Without a
 * `fetch` in scope, Yoga decodes the same bytes itself.
 */
const yogaWithoutFetch = {
  name: 'yoga-without-fetch',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]node_modules[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/ }, async ({ path }) => ({
      contents: `const fetch = undefined;\n${await readFile(path, 'utf8')}`,
      loader: 'js',
    }));
  },
};

/**
 * got loads http2-wrapper at start (~40 ms of a start, most of it ALPN and session plumbing) although it uses it
 * only for requests that ask for HTTP/2 over TLS, which the program never does: the bundle gets a stand-in that
 * says so if anything ever asks it.
 */
const HTTP2_WRAPPER_STAND_IN = `const unused = () => {
  throw new Error('http2-wrapper is not bundled: playdeck asks for HTTP/1.1 only (see scripts/bundle.mjs)');
};
export default { auto: unused, get globalAgent() { return unused(); } };
`;
const http2WrapperLeftOut = {
  name: 'http2-wrapper-left-out',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^http2-wrapper$/ }, () => ({ path: 'http2-wrapper', namespace: 'http2-wrapper-left-out' }));
    pluginBuild.onLoad({ filter: /.*/, namespace: 'http2-wrapper-left-out' }, () => ({ contents: HTTP2_WRAPPER_STAND_IN, loader: 'js' }));
  },
};

/**
 * The database's integrity check runs in a worker thread started from a file of its own
 * (src/service/store/integrity-check.ts): bundled apart, into the folder of the chunks, beside the service's
 * chunk that starts it by the same relative name as in src.
 */
export function integrityWorkerOptions(outdir) {
  return {
    entryPoints: [fileURLToPath(new URL('../src/service/store/integrity-worker.mjs', import.meta.url))],
    outfile: join(outdir, 'chunks', 'integrity-worker.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    logLevel: 'warning',
  };
}

/**
 * The music folder's scan runs in a worker thread (src/service/music/library-scan.ts) started from
 * `./scan-worker.mjs` beside the service's chunk: in src a file that loads the TypeScript through tsx, in dist
 * the scan itself (scan-thread.ts and what it imports, music-metadata included) bundled under that name.
 */
export function scanWorkerOptions(outdir) {
  return {
    ...integrityWorkerOptions(outdir),
    entryPoints: [fileURLToPath(new URL('../src/service/music/scan-thread.ts', import.meta.url))],
    outfile: join(outdir, 'chunks', 'scan-worker.mjs'),
    // A thread of the dashboard's process: its sources one byte a character too.
    plugins: [asciiOutput],
    // music-metadata's `debug` requires Node's modules, as CommonJS inside this ESM bundle.
    banner: { js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);" },
  };
}

/**
 * Covers are drawn in a worker thread (src/ui/art/picture-thread.ts) whose code is bundled whole into the
 * program, as a string the worker is started from (`eval`), in place of the `null` that
 * src/ui/art/picture-worker-code.ts holds: the program then starts it from wherever its chunks are, and so does
 * any harness bundled with these options. CommonJS, which such a worker runs, and no comments.
 */
const PICTURE_WORKER_CODE = /[\\/]src[\\/]ui[\\/]art[\\/]picture-worker-code\.ts$/;

/** The picture worker bundled whole, as the program starts it (the tests start it so too). */
export async function pictureWorkerCode() {
  const { build } = await import('esbuild');
  const worker = await build({
    entryPoints: [fileURLToPath(new URL('../src/ui/art/picture-worker.ts', import.meta.url))],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    legalComments: 'none',
    minifyWhitespace: true,
    charset: 'ascii',
    logLevel: 'warning',
  });
  return worker.outputFiles[0].text;
}

const pictureWorkerInline = {
  name: 'picture-worker-inline',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: PICTURE_WORKER_CODE }, async () => ({
      contents: `export const PICTURE_WORKER_CODE = ${JSON.stringify(await pictureWorkerCode())};`,
      loader: 'js',
    }));
  },
};

/**
 * got makes the options of every request as `{ ...cacheOptions, ...unixOptions, ALPNProtocols, …30 more }`. On
 * Node 20 an object that starts with a spread and adds keys gets a hidden class of its own, built a key at a time
 * in the old generation: ~19 KB a request, garbage a moment later, that only a full collection takes back. With
 * the two spreads last the object has one shape for every request; none of their keys is among the others, so
 * nothing changes but the order of the keys. A got whose code no longer reads so stops the build.
 */
const GOT_OPTIONS = /[\\/]node_modules[\\/]got[\\/]dist[\\/]source[\\/]core[\\/]options\.js$/;
const SPREADS_FIRST = /(\n(\s*)return \{\n)\s*\.\.\.internals\.cacheOptions,\n\s*\.\.\.this\._unixOptions,\n([^}]*?\n\s*h2session: internals\.h2session,\n)/;
const gotRequestOptionsOfOneShape = {
  name: 'got-request-options-of-one-shape',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: GOT_OPTIONS }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      if (!SPREADS_FIRST.test(source)) throw new Error(`${path}: createNativeRequestOptions changed; see gotRequestOptionsOfOneShape in scripts/bundle.mjs`);
      const contents = source.replace(SPREADS_FIRST, (_, opening, indent, fields) => `${opening}${fields}${indent}    ...internals.cacheOptions,\n${indent}    ...this._unixOptions,\n`);
      return { contents, loader: 'js' };
    });
  },
};

/**
 * string-width, slice-ansi and Ink's tokenizer make an Intl.Segmenter when their modules load (the first one in a
 * process ~7 ms: ICU's break rules), and string-width's regular expressions of Unicode properties, `\p{RGI_Emoji}`
 * with the v flag above all, cost ~10 ms where they are written: V8 checks a literal when it parses the script,
 * whether it ever runs or not. Every start and every `playdeck status` paid for them before any text needed them.
 * Here each is made on first use: the Segmenter behind an object with the one method those modules call, each such
 * literal a function that builds it with `new RegExp` once. A package whose code no longer reads so stops the build.
 */
const LAZY_UNICODE_FILES = /[\\/]node_modules[\\/](?:string-width[\\/]index\.js|wrap-ansi[\\/]node_modules[\\/]string-width[\\/]index\.js|slice-ansi[\\/]tokenize-ansi\.js|@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]tokenize\.js)$/;
const TOP_LEVEL_SEGMENTER = /^const (\w+) = new Intl\.Segmenter\(([^;\n]*)\);$/gm;
const TOP_LEVEL_PROPERTY_REGEXP = /^const (\w+) = (\/(?:[^/\n\\]|\\.)*\\p\{(?:[^/\n\\]|\\.)*\/[a-z]*);$/gm;
const LAZY_SEGMENTER = `const lazySegmenter$ = (make) => {
  let made;
  return { segment: (text) => (made ??= make()).segment(text) };
};
`;

/** `source` with its module-level Segmenters and property regular expressions made on first use. */
export function lazyUnicode(source, path) {
  const segmenters = [...source.matchAll(TOP_LEVEL_SEGMENTER)];
  const expressions = [...source.matchAll(TOP_LEVEL_PROPERTY_REGEXP)];
  if (segmenters.length === 0) throw new Error(`${path}: no Intl.Segmenter made at load any more; see lazyUnicode in scripts/bundle.mjs`);
  let text = source.replace(TOP_LEVEL_SEGMENTER, (_, name, args) => `const ${name} = lazySegmenter$(() => new Intl.Segmenter(${args}));`);
  for (const [, name, literal] of expressions) {
    // The literal read as Node reads it, to write it back as a string for the RegExp constructor.
    const expression = new Function(`return ${literal};`)();
    const uses = new RegExp(`\\b${name}\\b(?!\\$)`, 'g');
    text = text.replace(`const ${name} = ${literal};`, `let ${name}$;\nconst ${name}$make = () => (${name}$ ??= new RegExp(${JSON.stringify(expression.source)}, ${JSON.stringify(expression.flags)}));`);
    text = text.replace(uses, `${name}$make()`);
  }
  return LAZY_SEGMENTER + text;
}

const unicodeOnFirstUse = {
  name: 'unicode-on-first-use',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: LAZY_UNICODE_FILES }, async ({ path }) => ({ contents: lazyUnicode(await readFile(path, 'utf8'), path), loader: 'js' }));
  },
};

/**
 * V8 keeps each script's source for as long as it runs, one byte a character when all of it is Latin-1, else two:
 * one ’ in a comment of jpeg-js made the dashboard's 1.2 MB chunk 2.4 MB of heap. esbuild leaves comments and
 * regular expressions as they are written, so what is left of non-ASCII is escaped once the files are written
 * (\uXXXX reads the same in strings, regular expressions and comments).
 */
const NON_ASCII = /[^\x00-\x7f]/g;
const asciiOutput = {
  name: 'ascii-output',
  setup(pluginBuild) {
    pluginBuild.initialOptions.metafile = true;
    pluginBuild.onEnd(async (result) => {
      for (const file of Object.keys(result.metafile?.outputs ?? {})) {
        const text = await readFile(file, 'utf8');
        const escaped = text.replace(NON_ASCII, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
        if (escaped !== text) await writeFile(file, escaped);
      }
    });
  },
};

/** esbuild options for bundling `entryPoints` into `outdir`, split at dynamic imports. */
export function bundleOptions(entryPoints, outdir) {
  return {
    entryPoints,
    outdir,
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...EXTERNAL, ...UNUSED_BY_THE_PROGRAM],
    plugins: [fasterInk, developmentReactFromNodeModules, yogaWithoutFetch, gotRequestOptionsOfOneShape, http2WrapperLeftOut, unicodeOnFirstUse, pictureWorkerInline, asciiOutput],
    jsx: 'automatic',
    banner: {
      // Bundled CommonJS packages (fastify, React) call require() for Node's built-ins; an ES module has none.
      js: "#!/usr/bin/env node\nimport { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  };
}
