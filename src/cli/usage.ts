/** `playdeck --help`: written from the command table (args.ts), so it lists every subcommand and option. */
import { COMMANDS, OPTIONS, type CommandSpec, type OptionSpec } from './args.js';

function synopses(spec: CommandSpec<unknown>): string[] {
  const head = ['playdeck', [spec.name, ...(spec.aliases ?? [])].join('|'), spec.synopses ? '' : spec.words].filter(Boolean).join(' ');
  if (spec.synopses) return [...new Set(spec.synopses)].map((line) => `${head} ${line}`.trimEnd());
  const options = spec.options.map((name) => {
    const value = (OPTIONS[name] as OptionSpec).value;
    return value ? `[--${name} ${value}]` : `[--${name}]`;
  });
  return [[head, ...options].join(' ')];
}

export const USAGE = [
  'playdeck: a terminal dashboard for a media catalog and playback service',
  '',
  'Usage:',
  ...COMMANDS.flatMap((spec) => [...synopses(spec).map((line) => `  ${line}`), `      ${spec.summary}`]),
  '',
  'Options:',
  ...Object.entries(OPTIONS).map(([name, spec]: [string, OptionSpec]) =>
    `  ${`--${name}${spec.value ? ` ${spec.value}` : ''}`.padEnd(18)} ${spec.help}`,
  ),
  `  ${'-h, --help'.padEnd(18)} this help`,
  `  ${'-v, --version'.padEnd(18)} the version`,
  '',
  'Files:',
  '  $XDG_CONFIG_HOME/playdeck/config.toml    the config file (playdeck config default prints one)',
  '  $XDG_STATE_HOME/playdeck/playdeck.log    the log: faults of the embedded service and the libraries, never the screen',
  '  $XDG_STATE_HOME/playdeck/journal/        changes shown but not yet saved, offered at the next start',
  '                                            (s save, d discard, Esc later); unreadable ones set aside as *.corrupt-TIME',
  '  $XDG_STATE_HOME/playdeck/recent-playlists.json   the playlists last added to (A offers them first; playdeck add adds to the first)',
  '  $XDG_CACHE_HOME/playdeck/images/         cover pictures (at most 20 MB), drawn as [art] mode says: half-blocks or kitty',
  '',
  'In the dashboard, press ? for every key, q to quit.',
].join('\n');
