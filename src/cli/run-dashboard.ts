import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DashboardOptions, StartConfig } from './command-options.js';
import { enableCompileCache } from './compile-cache.js';
import { growHeapSlowly } from './heap-flags.js';
import { paintStartFrame, readStartFrame, startFrameFile, type PaintedStartFrame, type StartFrameSlot } from './start-frame.js';
import { defaultConfigPath } from '../config/path.js';
import { requireTerminal } from './terminal-guard.js';
import { defaultDatabasePathIn, musicDatabasePathIn } from '../service/database-path.js';
import { musicToServe } from './music-start.js';

/**
 * The dashboard's start, up to its first frame: what runs here loads neither Ink, React, the client nor the
 * service. The start frame kept at the last quit is painted, the config is read (a bad one ends the start with
 * the terminal as it was), and only then are the dashboard and the service loaded (dashboard.tsx).
 */

/** The config at start, or the lines that say what is wrong with it. */
async function startConfig(options: DashboardOptions): Promise<StartConfig | { problems: string }> {
  const [{ readConfig }, { formatProblem }, { printable }] = await Promise.all([
    import('../config/read.js'),
    import('../config/problems.js'),
    import('../text/printed.js'),
  ]);
  const isExplicit = options.configPath !== undefined;
  const path = options.configPath ?? defaultConfigPath();
  const { config, problems } = await readConfig(path, { isExplicit });
  if (problems.length === 0) return { path, isExplicit, config };
  return { problems: problems.map((problem) => `${printable(`playdeck: ${formatProblem(problem)}`)}\n`).join('') };
}

/** The service's name for its kept frame, and its database when it is the embedded one; null where none is kept. */
function serviceOf(options: DashboardOptions, env: NodeJS.ProcessEnv): { service: string; db?: string } | null {
  if (options.kind === 'remote') return { service: options.baseUrl.replace(/\/+$/, '') };
  const db = options.db ?? defaultDatabasePathIn(env);
  return db === ':memory:' ? null : { service: `embedded:${resolve(db)}`, db: resolve(db) };
}

/** The config file as a frame's look knows it: its size and time, read before the config is (or that there is none). */
function configStamp(path: string): string {
  const stat = statSync(path, { throwIfNoEntry: false });
  return stat === undefined ? 'none' : `${path}:${stat.size}:${stat.mtimeMs}`;
}

/** Where the start frame is kept for this dashboard; null without a terminal or for a database in memory. */
function startFrameSlot(options: DashboardOptions, env: NodeJS.ProcessEnv): Omit<StartFrameSlot, 'painted'> | null {
  const { stdin, stdout } = process;
  const target = serviceOf(options, env);
  if (target === null || !stdin.isTTY || !stdout.isTTY) return null;
  const configPath = options.configPath ?? defaultConfigPath(env);
  const look = JSON.stringify([configStamp(configPath), 'NO_COLOR' in env, env['TERM'] ?? '', env['COLORTERM'] ?? '']);
  return { file: startFrameFile(target.service, env), fit: { columns: stdout.columns, rows: stdout.rows, look, ...(target.db ? { db: target.db } : {}) } };
}

/** Paints the frame kept for `slot`, if there is one that is still true. */
async function paintKeptFrame(slot: Omit<StartFrameSlot, 'painted'> | null): Promise<PaintedStartFrame | null> {
  const frame = slot === null ? null : readStartFrame(slot.file, slot.fit);
  if (frame === null) return null;
  const { kittyQuestion } = await import('./kitty-question.js');
  return paintStartFrame(process.stdout, process.stdin, frame, kittyQuestion(process.stdin, frame.art, process.env));
}

/** The dashboard until the user quits: on the embedded service, or on the one `options` name. */
/**
 * The embedded service's catalog: a music folder (`--music`, or the config's `[music] folder`) is served from
 * its own database, `music.db` unless `--db` says otherwise (decisions §19). Known before the start frame,
 * which is kept per database.
 */
function withMusic(options: DashboardOptions, env: NodeJS.ProcessEnv): DashboardOptions {
  if (options.kind !== 'embedded') return options;
  const music = musicToServe(options.music, options.configPath ?? defaultConfigPath(env));
  return music ? { ...options, music, db: options.db ?? musicDatabasePathIn(env) } : options;
}

export async function runDashboard(given: DashboardOptions): Promise<number> {
  // Before the heap grows (see heap-flags.ts), and before the chunks compile (only what compiles after is cached).
  growHeapSlowly();
  enableCompileCache();
  const options = withMusic(given, process.env);
  // First of all, what plays: the frame is kept for this very config file, so the config is read after it.
  const slot = startFrameSlot(options, process.env);
  const painted = await paintKeptFrame(slot);
  // Before the embedded service starts (and creates a database); another service's answer is checked first,
  // since a wrong URL or token says more than the missing terminal.
  // A bad config ends the program (exit 2) before the terminal is taken (given back, over a start frame) or a
  // service started.
  const start = await startConfig(options);
  if ('problems' in start) {
    painted?.abandon();
    process.stderr.write(start.problems);
    return 2;
  }
  if (options.kind === 'embedded') requireTerminal(process.stdin, process.stdout);
  const { runDashboardFrom } = await import('./dashboard.js');
  return runDashboardFrom(options, start, slot === null ? null : { ...slot, painted });
}
