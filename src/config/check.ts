import { parse, TomlError } from 'smol-toml';
import { checkKeys } from './check-keys.js';
import { locateKeys, type LineFinder } from './locate.js';
import { musicSettingsOf } from './music-settings.js';
import { keyPath, shown, type ConfigProblem, type Reporter } from './problems.js';
import {
  ART_MODES, COLOUR_SPELLING, DEFAULT_CONFIG, DETAILS_SHARE_BOUNDS, parseColour, POLL_BOUNDS, THEME_NAMES, THEME_ROLES,
  type Bounds, type Config, type ThemeName, type ThemeRole,
} from './schema.js';

/**
 * Reads and checks a config file's text. Every problem is reported with its line; the config returned
 * has the valid parts applied over the defaults (a caller with problems keeps its old config or exits).
 */

export interface CheckedConfig {
  config: Config;
  problems: ConfigProblem[];
}

type Table = Record<string, unknown>;

const SECTIONS = ['keys', 'theme', 'poll', 'layout', 'mouse', 'art', 'desktop', 'music'] as const;

const isTable = (value: unknown): value is Table =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

const list = (words: readonly string[]): string => words.join(', ');

/** How smol-toml says what is wrong, without its prefix and its code excerpt. */
function tomlMessage(error: TomlError): string {
  return error.message.replace(/^Invalid TOML document: /, '').split('\n')[0]!;
}

export function checkConfigText(text: string, file: string): CheckedConfig {
  let document: Table;
  try {
    document = parse(text, { maxDepth: 32 });
  } catch (error) {
    const line = error instanceof TomlError ? error.line : null;
    const why = error instanceof TomlError ? tomlMessage(error) : String(error);
    return { config: DEFAULT_CONFIG, problems: [{ file, line, key: null, message: `not TOML: ${why}` }] };
  }
  const lineOf = locateKeys(text);
  const problems: ConfigProblem[] = [];
  const report: Reporter = (path, message) =>
    problems.push({ file, line: lineAt(lineOf, path), key: path.length === 0 ? null : keyPath(path), message });
  const config = checkDocument(document, report);
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { config, problems };
}

/** The line of a path, or of the nearest table around it. */
function lineAt(lineOf: LineFinder, path: readonly string[]): number | null {
  for (let depth = path.length; depth > 0; depth--) {
    const line = lineOf(path.slice(0, depth));
    if (line !== undefined) return line;
  }
  return null;
}

function checkDocument(document: Table, report: Reporter): Config {
  for (const [name, value] of Object.entries(document)) {
    if (!(SECTIONS as readonly string[]).includes(name)) report([name], `unknown section (allowed: ${list(SECTIONS.map((s) => `[${s}]`))})`);
    else if (!isTable(value)) report([name], `must be a table: write [${name}] on a line of its own`);
  }
  const section = (name: (typeof SECTIONS)[number]): Table => (isTable(document[name]) ? document[name] : {});
  const known = (name: string, table: Table, keys: readonly string[]): void => {
    for (const key of Object.keys(table)) {
      if (!keys.includes(key)) report([name, key], `unknown key (allowed in [${name}]: ${list(keys)})`);
    }
  };

  const theme = section('theme');
  known('theme', theme, ['name', ...THEME_ROLES]);
  const poll = section('poll');
  known('poll', poll, Object.keys(POLL_BOUNDS));
  const layout = section('layout');
  known('layout', layout, ['details', 'details_share']);
  const mouse = section('mouse');
  known('mouse', mouse, ['enabled']);
  const art = section('art');
  known('art', art, ['mode']);
  const desktop = section('desktop');
  known('desktop', desktop, ['mpris', 'notify']);
  const music = section('music');
  known('music', music, ['folder', 'podcasts', 'follow_outside_links']);
  for (const key of ['folder', 'podcasts']) {
    if (music[key] !== undefined && (typeof music[key] !== 'string' || music[key].trim() === '')) report(['music', key], `must be a folder's path in quotes, not ${shown(music[key])}`);
  }

  const number = (table: string, key: string, value: unknown, bounds: Bounds, what: string, fallback: number): number => {
    if (value === undefined) return fallback;
    if (typeof value === 'number' && Number.isFinite(value) && value >= bounds.min && value <= bounds.max) return value;
    report([table, key], `${shown(value)} is not allowed: ${what} from ${bounds.min} to ${bounds.max}`);
    return fallback;
  };
  const boolean = (table: string, key: string, value: unknown, fallback: boolean): boolean => {
    if (value === undefined) return fallback;
    if (typeof value === 'boolean') return value;
    report([table, key], `must be true or false, not ${shown(value)}`);
    return fallback;
  };
  const oneOf = <T extends string>(table: string, key: string, value: unknown, allowed: readonly T[], fallback: T): T => {
    if (value === undefined) return fallback;
    if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
    report([table, key], `${shown(value)} is not allowed (allowed: ${list(allowed.map((a) => `"${a}"`))})`);
    return fallback;
  };

  const roles: Partial<Record<ThemeRole, string | null>> = {};
  for (const role of THEME_ROLES) {
    if (theme[role] === undefined) continue;
    const colour = parseColour(theme[role]);
    if (colour === undefined) report(['theme', role], `${shown(theme[role])} is not a colour (allowed: ${COLOUR_SPELLING})`);
    else roles[role] = colour;
  }
  const defaults = DEFAULT_CONFIG;
  const seconds = (key: keyof typeof POLL_BOUNDS, fallbackMs: number): number =>
    Math.round(number('poll', key, poll[key], POLL_BOUNDS[key], 'a number of seconds', fallbackMs / 1000) * 1000);

  return {
    keys: checkKeys(isTable(document['keys']) ? document['keys'] : {}, report),
    theme: {
      name: theme['name'] === undefined ? undefined : oneOf<ThemeName>('theme', 'name', theme['name'], THEME_NAMES, 'default'),
      roles,
    },
    poll: {
      playingMs: seconds('playing_seconds', defaults.poll.playingMs),
      idleMs: seconds('idle_seconds', defaults.poll.idleMs),
      listRefreshMs: seconds('list_refresh_seconds', defaults.poll.listRefreshMs),
    },
    layout: {
      details: boolean('layout', 'details', layout['details'], defaults.layout.details),
      detailsShare: number('layout', 'details_share', layout['details_share'], DETAILS_SHARE_BOUNDS, 'a share of the width', defaults.layout.detailsShare),
    },
    mouse: { enabled: boolean('mouse', 'enabled', mouse['enabled'], defaults.mouse.enabled) },
    art: { mode: oneOf('art', 'mode', art['mode'], ART_MODES, defaults.art.mode) },
    desktop: {
      mpris: boolean('desktop', 'mpris', desktop['mpris'], defaults.desktop.mpris),
      notify: boolean('desktop', 'notify', desktop['notify'], defaults.desktop.notify),
    },
    music: { ...musicSettingsOf(music), followOutsideLinks: boolean('music', 'follow_outside_links', music['follow_outside_links'], false) },
  };
}
