/**
 * `playdeck sleep 30m|90s|end|off`: the running dashboard's sleep timer, set over its socket. The timer lives
 * in that dashboard alone (it pauses the player through it, and goes when it quits): with no dashboard
 * running there is nothing to set, and the command says so.
 */
import { describeSet, parseSleep, SLEEP_SPELLING } from '../ui/state/sleep-timer.js';
import { parse, STATUS_USAGE, UsageError, warnOfVisibleToken, writeLine, type StatusIo } from './command-line.js';
import { askDashboard } from './socket-client.js';
import { PROTOCOL_VERSION } from './socket-protocol.js';
import { statusPaths } from './target.js';

/** As for a player command: a dashboard busy for a moment is waited for a little longer than `status` waits. */
const SLEEP_TIMEOUT_MS = 2_000;
const STATUS_ONLY = ['format', 'max-width', 'json', 'waybar', 'tmux', 'polybar', 'idle', 'follow'] as const;

export async function runSleep(argv: readonly string[], io: StatusIo): Promise<number> {
  const { target, values, positionals, tokenOnCommandLine } = parse(argv, io.env);
  warnOfVisibleToken(tokenOnCommandLine, io);
  if (values.help) return writeLine(io, STATUS_USAGE).then(() => 0);
  const other = STATUS_ONLY.find((name) => values[name] !== undefined);
  if (other !== undefined) throw new UsageError(`--${other} is an option of status, not of sleep`);
  if (positionals.length !== 1) throw new UsageError(`sleep needs ${SLEEP_SPELLING}`);
  const argument = positionals[0]!;
  if (parseSleep(argument) === null) throw new UsageError(`sleep needs ${SLEEP_SPELLING}, not "${argument}"`);
  const reply = await askDashboard(statusPaths(target, io.env).socket, { v: PROTOCOL_VERSION, op: 'sleep', argument }, SLEEP_TIMEOUT_MS);
  if (reply.kind === 'none') {
    throw new Error(
      reply.sent
        ? 'the dashboard did not answer in time (it may still set the timer)'
        : 'no dashboard is running on this service: the sleep timer lives in a running dashboard',
    );
  }
  if (!reply.answer.ok) throw new Error(reply.answer.reason);
  if (!('sleep' in reply.answer)) throw new Error('the dashboard did not say what it set');
  await writeLine(io, describeSet(reply.answer.sleep, io.now()));
  return 0;
}
