import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchArt } from './art.js';
import type { Figure } from './figures.js';
import { benchAttention } from './attention.js';
import { benchDesktop } from './desktop.js';
import { benchFloors, withRatiosToFloors } from './floors.js';
import { benchGoTo } from './go-to.js';
import { benchIdle } from './idle.js';
import { benchKeys, setKeyProfile } from './keys.js';
import { benchMemory } from './memory.js';
import { benchReorder } from './reorder-sort.js';
import { benchScan } from './scan.js';
import { benchSearch } from './search.js';
import { embeddedServiceRuns, EXTRA_CA_CERTS, extraCaCostsAtStart, programNode, programPath, useNode, useProgram, versionOf } from './program.js';
import { benchService } from './service.js';
import { benchSoak, setSoakMinutes } from './soak.js';
import { benchSound } from './sound.js';
import { benchStart } from './start.js';
import { benchStatus } from './status.js';
import { formatGoals } from './goals.js';
import { formatTable } from './table.js';

/**
 * `npm run bench`: runs the real program (dist/cli.js, built by the npm script) and prints every figure of
 * the performance budgets with how it was measured; the same goes to test/bench/results/ as JSON.
 *   --only idle,keys         some sections only (floors, start, idle, keys, memory, service, reorder, art,
 *                            status, attention, search, goto, desktop, scan, sound; soak only when named)
 *   --soak-minutes N         the soak's length (default 10)
 *   --compare FILE.json      show an earlier run's figures beside these
 *   --label NAME             a name for this run, kept in the JSON and in its file name
 *   --program FILE.js        another build of the program than dist/cli.js (to compare builds)
 *   --node PATH              the Node binary that runs the program and its floors (default: the bench's own);
 *                            where it cannot load the native SQLite driver, the service runs as playdeck serve on
 *                            the bench's Node and the dashboard on it (--base-url), and the figures say so
 *   --cpu-profile FILE       the key harness records its key runs there (.cpuprofile, for Chrome DevTools)
 * Timings depend on the machine and what else runs on it: nothing here is asserted by `npm test`.
 */

const SECTIONS = { floors: benchFloors, start: benchStart, idle: benchIdle, keys: benchKeys, memory: benchMemory, service: benchService, reorder: benchReorder, art: benchArt, status: benchStatus, attention: benchAttention, search: benchSearch, goto: benchGoTo, desktop: benchDesktop, scan: benchScan, sound: benchSound, soak: benchSoak } as const;
/** Ten minutes: run only when named (--only soak). */
const ON_REQUEST: readonly string[] = ['soak'];
type Section = keyof typeof SECTIONS;
const RESULTS = 'test/bench/results';

export interface BenchResult {
  label: string | null;
  program: string;
  startedAt: string;
  commit: string;
  machine: { cpus: number; node: string; loadBefore: number[]; loadAfter: number[] };
  /** The Node that ran the program and its floors (--node), and what it could run. */
  programNode: { path: string; version: string; embeddedService: boolean; extraCaCerts: string | null; extraCaCostsAtStart: boolean };
  figures: Figure[];
}

function commitOf(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], { encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head} + uncommitted src changes` : head;
  } catch {
    return 'unknown';
  }
}

function sectionsOf(only: string | undefined): Section[] {
  if (only === undefined) return (Object.keys(SECTIONS) as Section[]).filter((name) => !ON_REQUEST.includes(name));
  const names = only.split(',').map((name) => name.trim()).filter((name) => name !== '');
  const unknown = names.filter((name) => !(name in SECTIONS));
  if (unknown.length > 0) throw new Error(`unknown section ${unknown.join(', ')}: use ${Object.keys(SECTIONS).join(', ')}`);
  return names as Section[];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      compare: { type: 'string' },
      label: { type: 'string' },
      program: { type: 'string' },
      node: { type: 'string' },
      'cpu-profile': { type: 'string' },
      'soak-minutes': { type: 'string' },
    },
    strict: true,
  });
  const sections = sectionsOf(values.only);
  if (values.program !== undefined) useProgram(values.program);
  if (values.node !== undefined) useNode(values.node);
  if (values['cpu-profile'] !== undefined) setKeyProfile(values['cpu-profile']);
  if (values['soak-minutes'] !== undefined) setSoakMinutes(Number(values['soak-minutes']));
  if (!existsSync(programPath())) throw new Error(`${programPath()} is missing: run npm run build (npm run bench does)`);
  const before = values.compare === undefined ? undefined : (JSON.parse(readFileSync(values.compare, 'utf8')) as BenchResult).figures;

  const startedAt = new Date();
  const loadBefore = loadavg();
  const figures: Figure[] = [];
  for (const section of sections) {
    process.stderr.write(`bench: ${section}…\n`);
    const sectionStart = performance.now();
    figures.push(...(await SECTIONS[section]()));
    process.stderr.write(`bench: ${section} took ${Math.round((performance.now() - sectionStart) / 1000)} s\n`);
  }
  const result: BenchResult = {
    label: values.label ?? null,
    program: programPath(),
    startedAt: startedAt.toISOString(),
    commit: commitOf(),
    machine: { cpus: cpus().length, node: process.version, loadBefore, loadAfter: loadavg() },
    programNode: {
      path: programNode(),
      version: versionOf(programNode()),
      embeddedService: embeddedServiceRuns(),
      extraCaCerts: EXTRA_CA_CERTS ?? null,
      extraCaCostsAtStart: extraCaCostsAtStart(),
    },
    figures: withRatiosToFloors(figures),
  };
  mkdirSync(RESULTS, { recursive: true });
  const stamp = startedAt.toISOString().replaceAll(':', '-').replace(/\.\d+Z$/, 'Z');
  const file = join(RESULTS, `${stamp}${values.label ? `-${values.label}` : ''}.json`);
  const json = `${JSON.stringify(result, null, 2)}\n`;
  writeFileSync(file, json);
  writeFileSync(join(RESULTS, 'latest.json'), json);

  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
  process.stdout.write(`${formatTable(result.figures, before)}\n\n${formatGoals(result.figures, result.programNode.version)}\n\n`);
  const ran = result.programNode;
  process.stdout.write(
    `commit ${result.commit}; ${result.machine.cpus} CPUs; the program and its floors on node ${ran.version}` +
      `${ran.embeddedService ? '' : ' (no native SQLite driver for it: the service on the bench\'s node, the dashboard on it)'}, the bench on node ${process.version}; ` +
      `${ran.extraCaCerts === null ? 'NODE_EXTRA_CA_CERTS unset' : `NODE_EXTRA_CA_CERTS=${ran.extraCaCerts}${ran.extraCaCostsAtStart ? ' (read at every start by this node: start figures with and without it)' : ' (read lazily by this node)'}`}; ` +
      `load average ${load(loadBefore)} before, ${load(result.machine.loadAfter)} after (other work on the machine skews every figure)\n` +
      `written to ${file} and ${join(RESULTS, 'latest.json')}\n`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
