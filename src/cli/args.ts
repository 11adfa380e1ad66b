/**
 * The whole command line in one table: every subcommand is one entry of COMMANDS (its words, its options,
 * how it reads them and what runs it), and USAGE (usage.ts) is written from that table, so `--help` cannot miss one;
 * parse-args.ts reads a command line against it.
 * Running is a lazy import: parsing loads nothing, and `--version` or `serve` never load Ink or the client.
 */
import type { StartOptions } from '../service/start.js';
import { readTokenInput } from '../api/auth/token-input.js';
import type { DashboardOptions, DashboardSettings, LoginOptions } from './command-options.js';

/** The bounds of `serve --catalog-tracks` (the first catalog's 2,000 at least) and `--liked-songs`. */
const MIN_CATALOG_TRACKS = 2_000;
const MAX_CATALOG_TRACKS = 5_000_000;
const MAX_LIKED_SONGS = 100_000;

/** A command line that cannot be run as written: one line for stderr, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export interface OptionSpec {
  /** The value's placeholder in USAGE; absent for a flag. */
  value?: string;
  help: string;
}

/** Every option of every command, described once. */
export const OPTIONS = {
  'base-url': { value: 'URL', help: "the service's base URL, /v1 included (or PLAYDECK_BASE_URL)" },
  token: { value: 'TOKEN', help: 'a bearer token for it; on the command line every user can read it (ps): prefer PLAYDECK_TOKEN, --token-file, or - (stdin, for status and the player commands)' },
  'token-file': { value: 'PATH', help: 'a file that holds the bearer token (kept out of ps)' },
  port: { value: 'N', help: "the service's port (default: a free one)" },
  db: { value: 'PATH', help: "the embedded service's database, or :memory: (default: $XDG_DATA_HOME/playdeck/playdeck.db; with a music folder, music.db beside it)" },
  music: { value: 'DIR', help: 'your music folder as the catalog (or [music] folder in the config): its tags, covers and chapters, watched' },
  host: { value: 'H', help: 'serve: the address to listen on (default 127.0.0.1)' },
  'rate-limit': { value: 'N', help: 'serve: requests per token in a rolling 30 s window (default: unlimited)' },
  'token-ttl': { value: 'S', help: 'serve: lifetime of the tokens it issues, in seconds (default 3600)' },
  'client-id': { value: 'ID', help: 'login: the OAuth client id (or PLAYDECK_CLIENT_ID; default: the demo client)' },
  'auth-url': { value: 'URL', help: "login: the authorization server's URL, when it is not beside the API" },
  scopes: { value: 'a,b', help: 'login: the scopes to ask for (default: what the dashboard needs)' },
  'no-browser': { help: 'login: print the URL without opening a browser' },
  'insecure-http': { help: 'login: allow plain http to a host other than this machine (the login crosses the network unencrypted)' },
  config: { value: 'PATH', help: 'the config file (default: $XDG_CONFIG_HOME/playdeck/config.toml; see playdeck config)' },
  'no-mouse': { help: 'leave the mouse to the terminal (no clicks or wheel in the dashboard)' },
  'dev-mode': { help: 'serve: answer as the real service answers a development-mode app in 2026 (docs/api/dev-mode.md)' },
  'catalog-tracks': { value: 'N', help: "serve: a new database's catalog has N tracks (default 20000; 1000000 seeds in a minute or two)" },
  'liked-songs': { value: 'N', help: "serve: the demo user of a new database has N liked songs (default 2000)" },
  format: { value: 'FMT', help: 'status: the line made of fields, e.g. "{icon} {title} {bar:10}" (docs/status-bar.md)' },
  tmux: { help: "status: the line for tmux's status-right: the service's text cannot restyle the bar (# doubled)" },
  polybar: { help: "status: the line for polybar: the service's text cannot add a tag (%{A1:...} runs a command on a click)" },
  json: { help: 'status: every field as JSON, for scripts' },
  waybar: { help: "status: JSON for waybar's custom module (Pango markup escaped)" },
  'max-width': { value: 'N', help: 'status: cut the line to N columns, ending with …' },
  idle: { value: 'TEXT', help: 'status: what to print when nothing plays (default: nothing playing)' },
  to: { value: 'NAME', help: 'add: the playlist, by its name or a part only it holds (default: the one last added to)' },
  follow: { help: 'status: stay running, a line at each change and each second while playing (no request while a dashboard runs)' },
} as const satisfies Record<string, OptionSpec>;

export type OptionName = keyof typeof OPTIONS;
export type Env = Record<string, string | undefined>;

/** What the parser hands a command: its option values (`true` for a flag) and its words after the name. */
export interface CommandInput {
  values: Partial<Record<OptionName, string | true>>;
  words: string[];
}

export interface CommandSpec<T> {
  /** The subcommand's name; '' for the dashboard (no subcommand). */
  name: string;
  /** Other names of the same entry (the player commands share one). */
  aliases?: readonly string[];
  /**
   * The command reads its own words and options (its synopses list them): it is handed the command line
   * from its name on, unparsed, as its `words`.
   */
  readsOwnArguments?: true;
  /** The words after the name, e.g. `check|default` (shown in USAGE; checked by `read`). */
  words?: string;
  options: readonly OptionName[];
  /** USAGE lines after `playdeck NAME`, when the option list alone does not say which go together. */
  synopses?: readonly string[];
  summary: string;
  read(input: CommandInput, env: Env): T;
  run(value: T): Promise<number>;
}

/** One entry per subcommand: adding one is adding an entry here. */
function command<T>(spec: CommandSpec<T>): CommandSpec<unknown> {
  return spec as CommandSpec<unknown>;
}

function stringOf(input: CommandInput, name: OptionName): string | undefined {
  const value = input.values[name];
  return typeof value === 'string' ? value : undefined;
}

function integerOf(input: CommandInput, name: OptionName, min: number, max: number): number | undefined {
  const raw = stringOf(input, name);
  if (raw === undefined) return undefined;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new UsageError(`--${name} needs an integer from ${min} to ${max}, not "${raw}"`);
  }
  return Number(raw);
}

function noWords(input: CommandInput, name: string): void {
  if (input.words.length > 0) throw new UsageError(name ? `${name} takes no "${input.words[0]}"` : `unknown command "${input.words[0]}"`);
}

function requiredBaseUrl(input: CommandInput, env: Env, name: string): string {
  const baseUrl = stringOf(input, 'base-url') ?? (env['PLAYDECK_BASE_URL'] || undefined);
  if (!baseUrl) throw new UsageError(`${name} needs --base-url (the service's API URL, e.g. http://127.0.0.1:8080/v1)`);
  return baseUrl;
}

export const COMMANDS: readonly CommandSpec<unknown>[] = [
  command<DashboardOptions>({
    name: '',
    options: ['port', 'db', 'music', 'base-url', 'token', 'token-file', 'config', 'no-mouse'],
    synopses: ['[--port N] [--db PATH] [--music DIR] [--config PATH] [--no-mouse]', '--base-url URL [--token-file PATH | --token TOKEN] [--config PATH] [--no-mouse]'],
    summary: 'the dashboard: on the embedded service, or with --base-url on another (without --token: the login stored by playdeck login)',
    read(input, env) {
      noWords(input, '');
      const settings: DashboardSettings = {
        ...(stringOf(input, 'config') === undefined ? {} : { configPath: stringOf(input, 'config') }),
        ...(input.values['no-mouse'] === true ? { noMouse: true } : {}),
      };
      const baseUrl = stringOf(input, 'base-url') ?? env['PLAYDECK_BASE_URL'];
      if (!baseUrl) {
        if (input.values.token !== undefined || input.values['token-file'] !== undefined) throw new UsageError('--token needs --base-url (or PLAYDECK_BASE_URL)');
        const music = stringOf(input, 'music');
        return { kind: 'embedded', port: integerOf(input, 'port', 0, 65_535), db: stringOf(input, 'db'), ...(music === undefined ? {} : { music: { folder: music } }), ...settings };
      }
      if (input.values.port !== undefined || input.values.db !== undefined || input.values.music !== undefined) {
        throw new UsageError('--port, --db and --music are for the embedded service, not with --base-url');
      }
      const token = readTokenInput({ token: stringOf(input, 'token'), tokenFile: stringOf(input, 'token-file'), env, stdinAllowed: false });
      if ('problem' in token) throw new UsageError(token.problem);
      return { kind: 'remote', baseUrl, token: token.token, ...(token.isOnCommandLine ? { tokenOnCommandLine: true } : {}), ...settings };
    },
    run: async (options) => (await import('./run-dashboard.js')).runDashboard(options),
  }),
  command<StartOptions>({
    name: 'serve',
    options: ['port', 'host', 'db', 'music', 'rate-limit', 'token-ttl', 'dev-mode', 'catalog-tracks', 'liked-songs'],
    summary: 'the service alone (prints base_url=, access_token= and the consent_code= its sign-in asks for; with a music folder, its scan)',
    read(input) {
      noWords(input, 'serve');
      const options: StartOptions = {};
      const port = integerOf(input, 'port', 0, 65_535);
      const rateLimit = integerOf(input, 'rate-limit', 1, 1_000_000);
      const ttl = integerOf(input, 'token-ttl', 1, 31_536_000);
      if (port !== undefined) options.port = port;
      if (stringOf(input, 'host') !== undefined) options.host = stringOf(input, 'host');
      if (stringOf(input, 'db') !== undefined) options.db = stringOf(input, 'db');
      if (rateLimit !== undefined) options.rateLimit = rateLimit;
      if (ttl !== undefined) options.tokenTtlSeconds = ttl;
      if (input.values['dev-mode'] === true) options.devMode = true;
      const catalogTracks = integerOf(input, 'catalog-tracks', MIN_CATALOG_TRACKS, MAX_CATALOG_TRACKS);
      const likedSongs = integerOf(input, 'liked-songs', 0, MAX_LIKED_SONGS);
      if (catalogTracks !== undefined || likedSongs !== undefined) options.catalogSize = { catalogTracks, likedSongs };
      const music = stringOf(input, 'music');
      if (music !== undefined) {
        if (options.catalogSize) throw new UsageError('--catalog-tracks and --liked-songs size the demo catalog, not a music folder');
        options.music = { folder: music };
      }
      return options;
    },
    run: async (options) => {
      const [{ musicToServe }, { defaultConfigPath }] = await Promise.all([import('./music-start.js'), import('../config/path.js')]);
      const music = options.catalogSize ? undefined : musicToServe(options.music, defaultConfigPath());
      return (await import('../service/serve.js')).runServe({ ...options, ...(music ? { music } : {}) });
    },
  }),
  command<LoginOptions>({
    name: 'login',
    options: ['base-url', 'client-id', 'auth-url', 'scopes', 'no-browser', 'insecure-http'],
    summary: 'log in to that service in the browser (OAuth); replaces a stored login',
    read(input, env) {
      noWords(input, 'login');
      const scopes = stringOf(input, 'scopes');
      return {
        baseUrl: requiredBaseUrl(input, env, 'login'),
        clientId: stringOf(input, 'client-id') ?? (env['PLAYDECK_CLIENT_ID'] || undefined),
        authUrl: stringOf(input, 'auth-url'),
        scopes: scopes === undefined ? undefined : scopes.split(/[\s,]+/).filter(Boolean),
        openBrowser: input.values['no-browser'] !== true,
        ...(input.values['insecure-http'] === true ? { allowPlainHttp: true } : {}),
      };
    },
    run: async (options) => (await import('./login.js')).runLogin(options),
  }),
  command<string>({
    name: 'logout',
    options: ['base-url'],
    summary: 'forget the login stored for that service',
    read(input, env) {
      noWords(input, 'logout');
      return requiredBaseUrl(input, env, 'logout');
    },
    run: async (baseUrl) => (await import('./login.js')).runLogout(baseUrl),
  }),
  command<string[]>({
    name: 'status',
    readsOwnArguments: true,
    options: ['format', 'tmux', 'polybar', 'json', 'waybar', 'max-width', 'idle', 'follow', 'base-url', 'token', 'token-file', 'db'],
    synopses: ['[--format FMT] [--tmux | --polybar | --json | --waybar] [--max-width N] [--idle TEXT] [--follow] [--base-url URL [--token-file PATH | --token T] | --db PATH]'],
    summary: 'what plays, in one line for a status bar: from the running dashboard (no request), else the service (docs/status-bar.md)',
    read: (input) => input.words,
    run: async (argv) => (await import('../status/command.js')).runStatusCommand(argv),
  }),
  command<string[]>({
    name: 'play',
    aliases: ['pause', 'toggle', 'next', 'prev', 'seek', 'volume', 'shuffle', 'repeat'],
    readsOwnArguments: true,
    options: ['base-url', 'token', 'token-file', 'db'],
    synopses: [''],
    summary: 'the player: play, pause, toggle, next, prev, seek +10|-10|1:30, volume 40|+5|-5, shuffle on|off, repeat off|track|context (through the running dashboard, else the service)',
    read: (input) => input.words,
    run: async (argv) => (await import('../status/command.js')).runStatusCommand(argv),
  }),
  command<string[]>({
    name: 'add',
    readsOwnArguments: true,
    options: ['to', 'base-url', 'token', 'token-file', 'db'],
    synopses: ['[--to NAME] [--base-url URL [--token-file PATH | --token T] | --db PATH]'],
    summary: 'add what plays to a playlist: --to part of its name, else the one last added to (through the running dashboard, else the service)',
    read: (input) => input.words.slice(1),
    run: async (argv) => (await import('../status/add-command.js')).runAddCommand(argv),
  }),
  command<string[]>({
    name: 'sleep',
    words: '30m|90s|end|off',
    readsOwnArguments: true,
    options: ['base-url', 'token', 'token-file', 'db'],
    summary: "the running dashboard's sleep timer: pause the player in 30 minutes (30, 30m, 90s, 1h30m), at the end of this item, or turn it off; quitting the dashboard cancels it",
    read: (input) => input.words,
    run: async (argv) => (await import('../status/command.js')).runStatusCommand(argv),
  }),
  command<string[]>({
    name: 'config',
    words: 'check|default',
    readsOwnArguments: true,
    options: [],
    synopses: ['check [--config PATH]', 'default'],
    summary: 'check the config file (one line per problem, exit 2), or print one with every option at its default',
    read: (input) => input.words.slice(1),
    run: async (argv) => (await import('../config/command.js')).runConfigCommand(argv),
  }),
];
