/**
 * What the status commands share (`status`, `--follow`, the player commands, `sleep`): the usage, the
 * options and how they name a service, and the streams they write to; command.ts runs them.
 */
import type { parseArgs } from 'node:util';
import { parseOptions } from './option-values.js';
import type { ServiceTarget } from './target.js';
import { readTokenInput, TOKEN_IN_PS_WARNING } from '../api/auth/token-input.js';

export const STATUS_USAGE = `Usage:
  playdeck status [--format FMT] [--tmux | --polybar | --json | --waybar] [--max-width N] [--idle TEXT] [--follow]
  playdeck play | pause | toggle | next | prev
  playdeck seek +SECONDS | -SECONDS | POSITION      e.g. seek +10, seek -10, seek 1:30
  playdeck volume PERCENT | +N | -N                 e.g. volume 40, volume +5
  playdeck shuffle on|off
  playdeck repeat off|track|context
  playdeck sleep MINUTES | 90s | 1h30m | end | off  the running dashboard's sleep timer (it pauses the player)
each with [--db PATH] or [--base-url URL [--token-file PATH | --token TOKEN]] to name the service, as for the
dashboard (--token - reads the token from stdin; PLAYDECK_TOKEN works too).

Format fields: {title} {artists} {album} {show} {context} {device} {volume} {state} {icon}
  {elapsed} {duration} {remaining} {percent} {bar:N} {shuffle} {repeat}   ({{ and }} for braces)
--tmux and --polybar escape the fields for that bar's markup (a title cannot restyle the bar or run a command).
--follow stays running: a line whenever what it shows changes, and each second while playing (for waybar's exec
without interval, polybar's tail = true, i3blocks' interval=persist, tmux's #()); no request while a dashboard runs.`;

export interface StatusIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
  now(): number;
}

export const processIo: StatusIo = { stdout: process.stdout, stderr: process.stderr, env: process.env, now: Date.now };

export class UsageError extends Error {}

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  'base-url': { type: 'string' },
  token: { type: 'string' },
  'token-file': { type: 'string' },
  db: { type: 'string' },
  format: { type: 'string' },
  'max-width': { type: 'string' },
  json: { type: 'boolean' },
  waybar: { type: 'boolean' },
  tmux: { type: 'boolean' },
  polybar: { type: 'boolean' },
  idle: { type: 'string' },
  follow: { type: 'boolean' },
} as const;
export interface Parsed {
  target: ServiceTarget;
  /** `--token TOKEN` itself, which `ps` shows to every user. */
  tokenOnCommandLine: boolean;
  values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; strict: true }>>['values'];
  positionals: string[];
}

export function parse(argv: readonly string[], env: NodeJS.ProcessEnv): Parsed {
  const { values, positionals } = parseOptions(argv, OPTIONS, (message) => new UsageError(message));
  const baseUrl = values['base-url'] ?? (env.PLAYDECK_BASE_URL || undefined);
  if (baseUrl === undefined) {
    if (values.token !== undefined || values['token-file'] !== undefined) throw new UsageError('--token needs --base-url (or PLAYDECK_BASE_URL)');
    return { target: { kind: 'embedded', db: values.db }, values, positionals, tokenOnCommandLine: false };
  }
  if (values.db !== undefined) throw new UsageError('--db is for the embedded service, not with --base-url');
  const token = readTokenInput({ token: values.token, tokenFile: values['token-file'], env, stdinAllowed: true });
  if ('problem' in token) throw new UsageError(token.problem);
  return { target: { kind: 'remote', baseUrl, token: token.token }, values, positionals, tokenOnCommandLine: token.isOnCommandLine };
}

/** Only where a person reads stderr: a status bar's log would get the line every second. */
export function warnOfVisibleToken(tokenOnCommandLine: boolean, io: StatusIo): void {
  if (tokenOnCommandLine && (io.stderr as { isTTY?: boolean }).isTTY === true) io.stderr.write(`${TOKEN_IN_PS_WARNING}\n`);
}

/** A line to stdout; a reader that went away (`status | head -c0`, a closed bar) ends nothing badly. */
export function writeLine(io: StatusIo, line: string): Promise<void> {
  return new Promise((resolve) => {
    io.stdout.on('error', () => resolve()); // EPIPE: nobody reads any more, and that is fine
    io.stdout.write(`${line}\n`, () => resolve());
  });
}
