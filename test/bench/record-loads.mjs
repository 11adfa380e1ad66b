// `node --import ./test/bench/record-loads.mjs PROGRAM`: appends every module the program loads to the file
// named by PLAYDECK_BENCH_LOADS, one per line: `esm URL` as the ES module loader reads it (a hook in the loader's
// thread), then at exit `cjs PATH` for each CommonJS module in require's cache. Used by the bench (status.ts)
// to tell what a command really loaded.
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';

const file = process.env.PLAYDECK_BENCH_LOADS;
if (file) {
  const hooks = `
    import { appendFileSync } from 'node:fs';
    let file;
    export function initialize(data) { file = data.file; }
    export async function load(url, context, nextLoad) {
      appendFileSync(file, 'esm ' + url + '\\n');
      return nextLoad(url, context);
    }`;
  register(`data:text/javascript,${encodeURIComponent(hooks)}`, { data: { file } });
  process.on('exit', () => {
    const paths = Object.keys(createRequire(import.meta.url).cache);
    appendFileSync(file, paths.map((path) => `cjs ${path}\n`).join(''));
  });
}
