import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * `npx tsx test/bench/profile-split.ts FILE.cpuprofile [FROM_S]`: where a profile's samples went (those FROM_S
 * seconds after it started and later: a dashboard's idle without its start), by the source each
 * function was bundled from (esbuild's `// path` comments in the bundle) and by part of the program: what
 * `npm run bench -- --only keys --cpu-profile FILE` or `node --cpu-prof` records of the program or a harness.
 */

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** Parts of the program by the path of a source, first match wins. */
const PARTS: [string, RegExp][] = [
  ['got and the HTTP client (src/api)', /^(node_modules\/(got|@sindresorhus|cacheable-|http-cache-semantics|responselike|lowercase-keys|p-cancelable|form-data-encoder|decompress-response|mimic-response|normalize-url|keyv|get-stream|defer-to-connect|byte-counter|chunk-data)|src\/api\/)/],
  ['fastify and its router', /^node_modules\/(fastify|@fastify|find-my-way|avvio|light-my-request|fast-json-stringify|secure-json-parse|toad-cache|abstract-logging|process-warning|rfdc|fast-querystring|fast-decode-uri-component|ret|safe-regex2|content-type|proxy-addr)/],
  ['the service (src/service, SQLite)', /^(src\/service\/|node_modules\/better-sqlite3)/],
  ['React', /^node_modules\/(react|react-reconciler|scheduler)\//],
  ['Ink and Yoga', /^(node_modules\/(ink|yoga-layout|@alcalzone|cli-|wrap-ansi|slice-ansi|string-width|strip-ansi|ansi-|widest-line|get-east-asian-width|chalk|es-toolkit)|src\/terminal\/)/],
  ['the dashboard (src/ui)', /^src\/ui\//],
  ['other sources', /^(src|node_modules)\//],
];

/** For each bundled file, its lines' sources: line number → the last `// path` comment above it. */
function sourcesOf(url: string): ((line: number) => string) | null {
  if (!url.startsWith('file:')) return null;
  let lines: string[];
  try {
    lines = readFileSync(fileURLToPath(url), 'utf8').split('\n');
  } catch {
    return null;
  }
  const starts: [number, string][] = [];
  lines.forEach((line, index) => {
    const match = /^\/\/ ((?:src|node_modules)\/\S+)$/.exec(line);
    if (match) starts.push([index, match[1]!]);
  });
  return (line) => {
    let found = url.includes('/node_modules/') ? url.slice(url.lastIndexOf('/node_modules/') + 1) : '(bundle)';
    for (const [start, path] of starts) {
      if (start > line) break;
      found = path;
    }
    return found;
  };
}

function split(profile: Profile, fromMs: number): { parts: Map<string, number>; sources: Map<string, number>; total: number } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const lookups = new Map<string, ((line: number) => string) | null>();
  const sourceOf = (node: Node): string => {
    const { url, lineNumber, functionName } = node.callFrame;
    if (url === '') return functionName.startsWith('(') ? functionName : `(${functionName || 'program'})`;
    if (url.startsWith('node:')) return url;
    if (url.startsWith('wasm:')) return 'node_modules/yoga-layout (its WebAssembly)';
    if (!lookups.has(url)) lookups.set(url, sourcesOf(url));
    return lookups.get(url)?.(lineNumber) ?? url;
  };
  const sources = new Map<string, number>();
  let total = 0;
  let at = 0;
  // A sample taken late (the sampler's thread waited on a loaded machine) would carry the whole wait: each
  // counts for at most twice the usual interval.
  const usual = [...profile.timeDeltas].sort((a, b) => a - b)[profile.timeDeltas.length >> 1] ?? 1_000;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta / 1000;
    if (at < fromMs) return;
    const ms = Math.min(delta, 2 * usual) / 1000;
    const source = sourceOf(byId.get(id)!);
    sources.set(source, (sources.get(source) ?? 0) + ms);
    total += ms;
  });
  const parts = new Map<string, number>();
  for (const [source, ms] of sources) {
    const part = source === '(idle)' ? '(idle)' : source.startsWith('node:') ? "Node's own JavaScript (node:…)" : source.startsWith('(') ? `V8 ${source}` : (PARTS.find(([, path]) => path.test(source))?.[0] ?? 'other');
    parts.set(part, (parts.get(part) ?? 0) + ms);
  }
  return { parts, sources, total };
}

const file = process.argv[2];
if (!file) throw new Error('usage: tsx test/bench/profile-split.ts FILE.cpuprofile');
const { parts, sources, total } = split(JSON.parse(readFileSync(file, 'utf8')) as Profile, Number(process.argv[3] ?? 0) * 1000);
const busy = total - (parts.get('(idle)') ?? 0);
const rows = (map: Map<string, number>, count: number) =>
  [...map]
    .filter(([name]) => name !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `${ms.toFixed(0).padStart(7)} ms ${((ms / busy) * 100).toFixed(1).padStart(5)} %  ${name}`)
    .join('\n');
process.stdout.write(`${busy.toFixed(0)} ms of samples not idle, of ${total.toFixed(0)} ms\n\nby part:\n${rows(parts, 20)}\n\nby source (top 25):\n${rows(sources, 25)}\n`);
