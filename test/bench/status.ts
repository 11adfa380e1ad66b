import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, percentile, round, sleep, type Figure } from './figures.js';
import { launchDashboard, NOW_PLAYING, programNode, programPath, serviceApartNote, versionOf } from './program.js';

/**
 * `playdeck status` answered by a running dashboard over its socket (issue 16): the wall time of 20 calls
 * beside a bare `node` that starts and exits, and what the call loaded (read by a loader hook,
 * record-loads.mjs): neither Ink nor React nor the service should be among it.
 */

const CALLS = 20;
const RECORDER = fileURLToPath(new URL('./record-loads.mjs', import.meta.url));

/** What a loaded module belongs to, by the path of the file (or, in the bundle, of the source it was built from). */
const HEAVY: { name: string; path: RegExp }[] = [
  { name: 'Ink', path: /^(node_modules\/(ink|yoga-layout|@alcalzone\/ansi-tokenize)\/|src\/terminal\/)/ },
  { name: 'React', path: /^node_modules\/(react|react-reconciler|scheduler)\// },
  // The one file of src/service that `status` may read: where the database is when not told (database-path.ts).
  { name: 'the service', path: /^(node_modules\/(fastify|better-sqlite3|@fastify\/[^/]+)\/|src\/service\/(?!database-path\.ts$))/ },
  { name: 'D-Bus', path: /^(node_modules\/(@jellybrick\/dbus-next|fast-xml-parser|fast-xml-builder)\/|src\/desktop\/)/ },
];

interface Run {
  ms: number;
  stdout: string;
  stderr: string;
  code: number;
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  const startedAt = performance.now();
  return new Promise((done) => {
    execFile(programNode(), args, { env: { ...env, CI: undefined, CONTINUOUS_INTEGRATION: undefined } }, (error, stdout, stderr) => {
      done({ ms: performance.now() - startedAt, stdout, stderr, code: error ? Number(error.code ?? 1) : 0 });
    });
  });
}

/**
 * The sources a run loaded, as paths from the repository root: each bundle file's own modules (esbuild's
 * `// path` comments) and each file loaded from node_modules.
 */
function sourcesOf(loads: string[]): { files: number; sources: string[] } {
  const files = new Set<string>();
  for (const line of loads) {
    const [kind, where] = [line.slice(0, 3), line.slice(4)];
    if (kind === 'esm' && where.startsWith('file:')) files.add(fileURLToPath(where));
    else if (kind === 'cjs' && where.startsWith('/')) files.add(where);
  }
  const sources = new Set<string>();
  for (const file of files) {
    const nodeModules = file.lastIndexOf('/node_modules/');
    if (nodeModules >= 0) {
      sources.add(file.slice(nodeModules + 1));
      continue;
    }
    const text = readFileSync(file, 'utf8');
    for (const [, path] of text.matchAll(/^\/\/ ((?:src|node_modules)\/\S+)$/gm)) sources.add(path!);
  }
  return { files: files.size, sources: [...sources].sort() };
}

/** `src/status 9, src/api 4…`: how many of `sources` each folder holds. */
function byFolder(sources: string[]): string {
  const counts = new Map<string, number>();
  for (const source of sources) {
    const folder = source.startsWith('node_modules/') ? source.split('/').slice(0, source.startsWith('node_modules/@') ? 3 : 2).join('/') : source.replace(/\/[^/]+$/, '');
    counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([folder, count]) => `${folder} ${count}`).join(', ');
}

function waitForSocket(folder: string, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  return (async () => {
    while (!(existsSync(folder) && readdirSync(folder).some((name) => name.endsWith('.sock')))) {
      if (performance.now() > deadline) throw new Error(`no status socket in ${folder} after ${timeoutMs} ms`);
      await sleep(25);
    }
  })();
}

export async function benchStatus(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'playdeck-bench-status-'));
  const runtime = join(dir, 'runtime');
  mkdirSync(runtime, { mode: 0o700 });
  const db = join(dir, 'status.db');
  const env = { ...process.env, XDG_RUNTIME_DIR: runtime };
  const dashboard = await launchDashboard(db, { env: { XDG_RUNTIME_DIR: runtime } });
  try {
    await dashboard.session.waitFor(NOW_PLAYING, 20_000);
    await waitForSocket(join(runtime, 'playdeck'), 10_000);
    const status = [programPath(), 'status', ...dashboard.statusArgs];
    const first = await run(status, env); // warms the disk cache, as a status bar's second call finds it
    if (first.code !== 0) throw new Error(`playdeck status exited with ${first.code}: ${first.stderr}`);
    const calls: Run[] = [];
    const bare: Run[] = [];
    // Alternated, so that whatever else runs on the machine weighs on both alike.
    for (let call = 0; call < CALLS; call++) {
      calls.push(await run(status, env));
      bare.push(await run(['-e', ''], env));
    }
    const failed = calls.filter((each) => each.code !== 0 || !/^(▶|❚❚) /.test(each.stdout));
    const loadsFile = join(dir, 'loads.txt');
    const recorded = await run(['--import', RECORDER, ...status], { ...env, PLAYDECK_BENCH_LOADS: loadsFile });
    const { files, sources } = sourcesOf(readFileSync(loadsFile, 'utf8').split('\n').filter(Boolean));
    const heavy = HEAVY.map(({ name, path }) => ({ name, found: sources.filter((source) => path.test(source)) }));
    const found = heavy.flatMap((each) => each.found);

    const p50 = median(calls.map((each) => each.ms));
    const floor = median(bare.map((each) => each.ms));
    const answered = `${CALLS - failed.length} of ${CALLS} printed a now-playing line`;
    return [
      {
        section: 'status',
        name: 'status through the socket, wall time p50',
        value: round(p50, 1),
        unit: 'ms',
        budget: { max: 100 },
        method:
          `median of ${CALLS}: ${versionOf(programNode())} ${programPath()} status ${dashboard.statusArgs[0]} (a dashboard on that service running in tmux, answering ` +
          'on its socket) from spawn to exit, alternated with the floor below',
        note: `p90 ${round(percentile(calls.map((each) => each.ms), 90), 1)} ms; ${answered}${serviceApartNote(dashboard) ? `; ${serviceApartNote(dashboard)}` : ''}`,
      },
      {
        section: 'status',
        name: 'floor: bare node -e "" wall time p50',
        value: round(floor, 1),
        unit: 'ms',
        method: `median of ${CALLS}: ${versionOf(programNode())} -e "" from spawn to exit, alternated with the calls above`,
      },
      {
        section: 'status',
        name: 'status through the socket ÷ floor',
        value: p50 !== null && floor ? round(p50 / floor, 1) : null,
        unit: 'ratio',
        method: 'the two medians above',
      },
      {
        section: 'status',
        name: 'status: Ink, React, service or D-Bus modules loaded',
        value: recorded.code === 0 ? found.length : null,
        unit: 'count',
        budget: { max: 0 },
        method:
          `one more call under node --import record-loads.mjs (a loader hook; require's cache at exit): the sources of each ` +
          `file it loaded, from esbuild's path comments in the bundle, matched against Ink, Yoga and src/terminal; ` +
          `React, its reconciler and scheduler; fastify, better-sqlite3 and src/service (but database-path.ts); the D-Bus library and src/desktop`,
        note:
          `${files} files, ${sources.length} modules loaded (${byFolder(sources)})` +
          (found.length > 0 ? `; ${heavy.filter((each) => each.found.length > 0).map((each) => `${each.name}: ${each.found.slice(0, 3).join(', ')}`).join('; ')}` : '') +
          (recorded.code === 0 ? '' : `; the recorded call exited with ${recorded.code}: ${recorded.stderr.trim()}`),
      },
    ];
  } finally {
    dashboard.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
