import { resolve } from 'node:path';
import type { DashboardOptions } from './args.js';
import { enableCompileCache } from './compile-cache.js';
import { growHeapSlowly } from './heap-flags.js';
import { paintStartFrame, readStartFrame, startFrameFile, type StartFrameSlot } from './start-frame.js';
import { requireTerminal } from './terminal-guard.js';
import { defaultDatabasePathIn } from '../service/database-path.js';
import type { Config } from '../config/schema.js';

/**
 * The dashboard's start, up to its first frame: what runs here loads neither Ink, React, the client nor the
 * service. The config is read (a bad one ends the start before the terminal is taken), the start frame kept at
 * the last quit is painted, and only then are the dashboard and the service loaded (dashboard.tsx).
 */

export interface StartConfig {
  path: string;
  isExplicit: boolean;
  config: Config;
}

/** The config at start, or null once its problems are written to stderr, one line each. */
async function startConfig(options: DashboardOptions): Promise<StartConfig | null> {
  const [{ defaultConfigPath, readConfig }, { formatProblem }, { printable }] = await Promise.all([
    import('../config/read.js'),
    import('../config/problems.js'),
    import('../text/printed.js'),
  ]);
  const isExplicit = options.configPath !== undefined;
  const path = options.configPath ?? defaultConfigPath();
  const { config, problems } = await readConfig(path, { isExplicit });
  if (problems.length === 0) return { path, isExplicit, config };
  process.stderr.write(problems.map((problem) => `${printable(`playdeck: ${formatProblem(problem)}`)}\n`).join(''));
  return null;
}

/** The service's name for its kept frame, and its database when it is the embedded one; null where none is kept. */
function serviceOf(options: DashboardOptions, env: NodeJS.ProcessEnv): { service: string; db?: string } | null {
  if (options.kind === 'remote') return { service: options.baseUrl.replace(/\/+$/, '') };
  const db = options.db ?? defaultDatabasePathIn(env);
  return db === ':memory:' ? null : { service: `embedded:${resolve(db)}`, db: resolve(db) };
}

/** Where the start frame is kept for this dashboard; null without a terminal or for a database in memory. */
function startFrameSlot(options: DashboardOptions, config: Config, env: NodeJS.ProcessEnv): Omit<StartFrameSlot, 'painted'> | null {
  const { stdin, stdout } = process;
  const target = serviceOf(options, env);
  if (target === null || !stdin.isTTY || !stdout.isTTY) return null;
  const look = JSON.stringify([config.theme, config.art.mode, 'NO_COLOR' in env, env['TERM'] ?? '', env['COLORTERM'] ?? '']);
  return { file: startFrameFile(target.service, env), fit: { columns: stdout.columns, rows: stdout.rows, look, ...(target.db ? { db: target.db } : {}) } };
}

/** The dashboard until the user quits: on the embedded service, or on the one `options` name. */
export async function runDashboard(options: DashboardOptions): Promise<number> {
  // Before the heap grows (see heap-flags.ts), and before the chunks compile (only what compiles after is cached).
  growHeapSlowly();
  enableCompileCache();
  // Before the embedded service starts (and creates a database); another service's answer is checked first,
  // since a wrong URL or token says more than the missing terminal.
  // A bad config ends the program (exit 2) before the terminal is taken or a service started.
  const start = await startConfig(options);
  if (start === null) return 2;
  if (options.kind === 'embedded') requireTerminal(process.stdin, process.stdout);
  const slot = startFrameSlot(options, start.config, process.env);
  const frame = slot === null ? null : readStartFrame(slot.file, slot.fit);
  let painted = null;
  if (slot !== null && frame !== null) {
    const { kittyQuestion } = await import('./kitty-question.js');
    painted = paintStartFrame(process.stdout, process.stdin, frame, kittyQuestion(process.stdin, start.config, process.env));
  }
  const { runDashboardFrom } = await import('./dashboard.js');
  return runDashboardFrom(options, start, slot === null ? null : { ...slot, painted });
}
