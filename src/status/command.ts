/**
 * `playdeck status` and the player commands (`play`, `next`, `seek +10`...). A running dashboard on the same
 * service answers over its socket, at no cost in requests; without one, another service is asked, and the
 * embedded service's database is read (or, for a command with no service on it, written) directly, with no
 * service started (service-session.ts); `status` goes through a short cache. Loads nothing heavy until it
 * must: neither Ink nor React ever, and the client and SQLite only when no dashboard answers.
 */
import type { parseArgs } from 'node:util';
import { FormatError, parseTemplate, statusJson, statusLine, statusWaybar, type Template } from './format.js';
import { nowPlayingOf, type NowPlaying } from './now-playing.js';
import { isPlayerCommandName } from './command-names.js';
import { CommandUsageError, parsePlayerCommand, planPlayerCommand, type PlayerCommand } from './player-command.js';
import { parseOptions } from './option-values.js';
import { askDashboard } from './socket-client.js';
// Static, not imported when used: each module of its own in the bundle would be a file more for every `status`.
import { runFollow } from './follow.js';
import { runSleep } from './sleep-command.js';
import { PROTOCOL_VERSION } from './socket-protocol.js';
import { statusPaths, type ServiceTarget, type StatusPaths } from './target.js';
import { cachedSnapshot, forgetCache, type PlayerSnapshot } from './cache.js';
import { printable } from '../text/printed.js';
import { readTokenInput, TOKEN_IN_PS_WARNING } from '../api/auth/token-input.js';
import { parse, processIo, STATUS_USAGE, UsageError, warnOfVisibleToken, writeLine, type Parsed, type StatusIo } from './command-line.js';


function readTemplate(values: Parsed['values']): { template?: Template; maxWidth?: number } {
  const modes = [values.json === true, values.waybar === true, values.tmux === true, values.polybar === true].filter(Boolean).length;
  if (modes > 1) throw new UsageError('--json, --waybar, --tmux and --polybar are one choice: give one');
  if (values.format !== undefined && (values.json || values.waybar)) throw new UsageError('--format is for the line, not with --json or --waybar');
  let maxWidth: number | undefined;
  if (values['max-width'] !== undefined) {
    if (!/^\d{1,4}$/.test(values['max-width']) || Number(values['max-width']) < 1) {
      throw new UsageError(`--max-width needs a number of columns from 1 to 9999, not "${values['max-width']}"`);
    }
    maxWidth = Number(values['max-width']);
  }
  return { template: values.format === undefined ? undefined : parseTemplate(values.format), maxWidth };
}

/** Why a `status` found no dashboard is not the user's business: only the answer is. */
async function snapshotFor(target: ServiceTarget, io: StatusIo): Promise<PlayerSnapshot> {
  const paths = statusPaths(target, io.env);
  const reply = await askDashboard(paths.socket, { v: PROTOCOL_VERSION, op: 'status' });
  if (reply.kind === 'answer' && reply.answer.ok && 'playback' in reply.answer) {
    const { normalizePlaybackState } = await import('../api/normalize-player.js');
    const { playback, receivedAt } = reply.answer;
    return { playback: playback === null ? null : normalizePlaybackState(playback), receivedAt };
  }
  return readAlone(target, paths, io);
}

/** The player with no dashboard answering: the database or the service, at most once per 5 s between all. */
function readAlone(target: ServiceTarget, paths: StatusPaths, io: StatusIo): Promise<PlayerSnapshot> {
  return cachedSnapshot(paths, async () => {
    const { readPlayback } = await import('./service-session.js');
    return readPlayback(target, io.env, io.now());
  }, io.now);
}

/** How the line is made from what plays, as the options ask. */
function lineRenderer(values: Parsed['values'], io: StatusIo): (now: NowPlaying) => string {
  const { template, maxWidth } = readTemplate(values);
  const noColor = io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '';
  const lineOptions = { template, maxWidth, idle: values.idle };
  if (values.json) return statusJson;
  if (values.waybar) return (now) => statusWaybar(now, lineOptions);
  if (values.tmux || values.polybar) {
    const markup = values.tmux ? 'tmux' : 'polybar';
    return (now) => statusLine(now, { ...lineOptions, markup });
  }
  const color = io.stdout.isTTY === true && !noColor;
  return (now) => statusLine(now, { ...lineOptions, color });
}

/** `--follow` until the bar hangs up or a signal says to stop. */
async function follow(target: ServiceTarget, render: (now: NowPlaying) => string, io: StatusIo): Promise<number> {
  const paths = statusPaths(target, io.env);
  const stopping = new AbortController();
  const stop = (): void => stopping.abort();
  const signals = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;
  for (const signal of signals) process.once(signal, stop);
  try {
    return await runFollow({ paths, io, render, readAlone: () => readAlone(target, paths, io), signal: stopping.signal });
  } finally {
    for (const signal of signals) process.off(signal, stop);
  }
}

async function runStatus(argv: readonly string[], io: StatusIo): Promise<number> {
  const { target, values, positionals, tokenOnCommandLine } = parse(argv, io.env);
  warnOfVisibleToken(tokenOnCommandLine, io);
  if (values.help) return writeLine(io, STATUS_USAGE).then(() => 0);
  if (positionals.length > 0) throw new UsageError(`status takes no argument, not "${positionals[0]}"`);
  const render = lineRenderer(values, io);
  if (values.follow) return follow(target, render, io);
  const snapshot = await snapshotFor(target, io);
  await writeLine(io, render(nowPlayingOf(snapshot.playback, snapshot.receivedAt, io.now())));
  return 0;
}

/**
 * A dashboard that took a command may be waiting for the service (the volume is sent from there): longer
 * than a `status` waits. A killed dashboard is still found out at once (its socket refuses).
 */
const COMMAND_TIMEOUT_MS = 2_000;

/** A command refused or failed: its reason, exit code 1. */
class Refused extends Error {}

async function runPlayerCommand(name: string, argv: readonly string[], io: StatusIo): Promise<number> {
  // The argument comes first and may start with a dash (`seek -10`), so it is taken before the options.
  const takesArgument = name === 'seek' || name === 'volume' || name === 'shuffle' || name === 'repeat';
  const argument = takesArgument && argv.length > 0 && !argv[0]!.startsWith('--') ? argv[0] : undefined;
  const { target, values, positionals, tokenOnCommandLine } = parse(argument === undefined ? argv : argv.slice(1), io.env);
  warnOfVisibleToken(tokenOnCommandLine, io);
  if (values.help) return writeLine(io, STATUS_USAGE).then(() => 0);
  if (values.format !== undefined || values.json || values.waybar || values.tmux || values.polybar || values['max-width'] !== undefined || values.idle !== undefined) {
    throw new UsageError(`--format, --json, --waybar, --tmux, --polybar, --max-width and --idle are for status, not ${name}`);
  }
  if (positionals.length > 0) throw new UsageError(`${name} takes ${takesArgument ? 'one argument' : 'no argument'}, not "${positionals[0]}"`);
  const command = parsePlayerCommand(name, argument);
  const paths = statusPaths(target, io.env);
  const request = { v: PROTOCOL_VERSION, op: 'run', name, ...(argument === undefined ? {} : { argument }) } as const;
  const reply = await askDashboard(paths.socket, request, COMMAND_TIMEOUT_MS);
  if (reply.kind === 'answer') {
    if (!reply.answer.ok) throw new Refused(reply.answer.reason);
    return 0;
  }
  if (reply.sent) throw new Refused('the dashboard did not answer in time (it may still run the command)');
  await runOnService(command, target, io);
  forgetCache(paths);
  return 0;
}

/** Straight to the service: its state read once, the command planned as the dashboard plans it, then sent. */
async function runOnService(command: PlayerCommand, target: ServiceTarget, io: StatusIo): Promise<void> {
  const { openService, reasonOf } = await import('./service-session.js');
  const session = await openService(target, io.env);
  try {
    const state = await session.api.getPlaybackState();
    const plan = planPlayerCommand(command, state, io.now(), io.now());
    if ('refusal' in plan) throw new Refused(plan.refusal);
    if ('volume' in plan) {
      await session.api.setVolume(plan.volume).catch((error: unknown) => {
        throw new Refused(`couldn't change the volume: ${reasonOf(error)}`);
      });
      return;
    }
    // One after the other: two repeat steps sent together could arrive in the wrong order.
    for (const step of plan.steps) {
      await step.send(session.api, AbortSignal.timeout(10_000)).catch((error: unknown) => {
        throw new Refused(`couldn't ${step.verb}: ${reasonOf(error)}`);
      });
    }
  } finally {
    await session.close();
  }
}

/**
 * Runs `argv` (`status ...` or a player command with its words) and resolves to the exit code: 0 done,
 * 1 refused or failed (one line on stderr), 2 bad usage.
 */
export async function runStatusCommand(argv: readonly string[], io: StatusIo = processIo): Promise<number> {
  const [name, ...rest] = argv;
  try {
    if (name === 'status') return await runStatus(rest, io);
    if (isPlayerCommandName(name)) return await runPlayerCommand(name!, rest, io);
    if (name === 'sleep') return await runSleep(rest, io);
    throw new UsageError(`unknown command "${name}"`);
  } catch (error) {
    const usage = error instanceof UsageError || error instanceof FormatError || error instanceof CommandUsageError;
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    // A refusal words the service's reason: printed as the panes print the service's text.
    io.stderr.write(`${printable(`playdeck ${name}: ${message}${usage ? ' (see playdeck status --help)' : ''}`)}\n`);
    return usage ? 2 : 1;
  }
}
