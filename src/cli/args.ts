import { parseArgs } from 'node:util';

/** What the command line asks for. */
export type CliCommand =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'serve'; argv: string[] }
  | { kind: 'dashboard'; options: DashboardOptions };

export type DashboardOptions = (
  /** Against another service; without a token, with the login `playdeck login` stored for its base URL. */
  | { kind: 'remote'; baseUrl: string; token?: string }
  /** On the embedded service, started in-process. */
  | { kind: 'embedded'; port?: number; db?: string }
) & DashboardSettings;

export interface DashboardSettings {
  /** --config: the config file instead of $XDG_CONFIG_HOME/playdeck/config.toml (which must then exist). */
  configPath?: string;
  /** --no-mouse: no mouse reporting, whatever the config says. */
  noMouse?: boolean;
}

/** A command line that cannot be run as written: one line for stderr, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const USAGE = `playdeck: a terminal dashboard for a media catalog and playback service

Usage:
  playdeck [--port N] [--db PATH]         the dashboard, on the embedded service
  playdeck --base-url URL --token TOKEN   the dashboard, on another service
  playdeck --base-url URL                 the same, logged in with playdeck login
  playdeck login --base-url URL [--client-id ID] [--auth-url URL] [--scopes a,b] [--no-browser]
                                          log in to that service in the browser (OAuth)
  playdeck logout --base-url URL          forget that login
  playdeck config check [--config PATH]   check the config file without starting
  playdeck config default                 print a config file with every option at its default
  playdeck serve [--port N] [--host H] [--db PATH|:memory:] [--rate-limit N] [--token-ttl S]
                                          the service alone (prints base_url= and access_token=)

Options:
  --base-url URL   the service's base URL, /v1 included (or PLAYDECK_BASE_URL)
  --token TOKEN    a bearer token for it (or PLAYDECK_TOKEN)
  --port N         the embedded service's port (default: a free one)
  --db PATH        the embedded service's database (default: $XDG_DATA_HOME/playdeck/playdeck.db)
  --config PATH    the config file (default: $XDG_CONFIG_HOME/playdeck/config.toml; see playdeck config)
  --no-mouse       leave the mouse to the terminal (no clicks or wheel in the dashboard)
  -h, --help       this help
  -v, --version    the version

In the dashboard, press ? for every key, q to quit.`;

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
  'base-url': { type: 'string' },
  token: { type: 'string' },
  port: { type: 'string' },
  db: { type: 'string' },
  config: { type: 'string' },
  'no-mouse': { type: 'boolean' },
} as const;

function portOf(raw: string): number {
  if (!/^\d{1,5}$/.test(raw) || Number(raw) > 65_535) throw new UsageError(`--port needs an integer from 0 to 65535, not "${raw}"`);
  return Number(raw);
}

/** The first sentence of node's parseArgs error ("Unknown option '--x'."), without its long advice. */
function firstSentence(message: string): string {
  const end = message.search(/\.\s/);
  return (end === -1 ? message : message.slice(0, end + 1)).replace(/\.$/, '');
}

const VALUE_OPTIONS = new Set(['--base-url', '--token', '--port', '--db', '--config']);

/**
 * `--token VALUE` as `--token=VALUE`: parseArgs refuses a separate value that starts with a dash as
 * ambiguous, and random tokens do start with one now and then.
 */
function joinOptionValues(argv: readonly string[]): string[] {
  const joined: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index]!;
    const value = argv[index + 1];
    if (word === '--') return [...joined, ...argv.slice(index)];
    if (VALUE_OPTIONS.has(word) && value !== undefined) {
      joined.push(`${word}=${value}`);
      index++;
    } else {
      joined.push(word);
    }
  }
  return joined;
}

/** Reads `argv` (without node and the script) and the environment; throws UsageError. */
export function parseCliArgs(argv: readonly string[], env: Record<string, string | undefined>): CliCommand {
  if (argv[0] === 'serve') return { kind: 'serve', argv: argv.slice(1) };
  let parsed;
  try {
    parsed = parseArgs({ args: joinOptionValues(argv), options: OPTIONS, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError(firstSentence(error instanceof Error ? error.message : String(error)));
  }
  const { values, positionals } = parsed;
  if (positionals.length > 0) throw new UsageError(`unknown command "${positionals[0]}"`);
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };

  if (values.config === '') throw new UsageError('--config needs a path');
  const settings: DashboardSettings = {
    ...(values.config === undefined ? {} : { configPath: values.config }),
    ...(values['no-mouse'] === true ? { noMouse: true } : {}),
  };
  const baseUrl = values['base-url'] ?? env['PLAYDECK_BASE_URL'];
  const token = values.token ?? env['PLAYDECK_TOKEN'];
  if (baseUrl === undefined || baseUrl === '') {
    if (values.token !== undefined) throw new UsageError('--token needs --base-url (or PLAYDECK_BASE_URL)');
    return {
      kind: 'dashboard',
      options: { kind: 'embedded', port: values.port === undefined ? undefined : portOf(values.port), db: values.db, ...settings },
    };
  }
  if (values.port !== undefined || values.db !== undefined) {
    throw new UsageError('--port and --db are for the embedded service, not with --base-url');
  }
  return { kind: 'dashboard', options: { kind: 'remote', baseUrl, token: token || undefined, ...settings } };
}
