import { parse, TomlError } from 'smol-toml';
import { checkKeys } from './check-keys.js';
import { checkSetting, defaultOf } from './kinds.js';
import { locateKeys, type LineFinder } from './locate.js';
import { keyPath, type ConfigProblem, type Reporter } from './problems.js';
import { DEFAULT_CONFIG, type Config } from './schema.js';
import { SECTION_NAMES, settingsIn, type SectionName, type Settings } from './settings.js';

/**
 * Reads and checks a config file's text. Every problem is reported with its line; the config returned
 * has the valid parts applied over the defaults (a caller with problems keeps its old config or exits).
 */

export interface CheckedConfig {
  config: Config;
  problems: ConfigProblem[];
}

type Table = Record<string, unknown>;

/** [keys] first, then the table's sections. */
const SECTIONS: readonly string[] = ['keys', ...SECTION_NAMES];

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
    if (!SECTIONS.includes(name)) report([name], `unknown section (allowed: ${list(SECTIONS.map((s) => `[${s}]`))})`);
    else if (!isTable(value)) report([name], `must be a table: write [${name}] on a line of its own`);
  }
  const tableOf = (name: string): Table => (isTable(document[name]) ? document[name] : {});
  const settings = Object.fromEntries(SECTION_NAMES.map((section) => [section, checkSection(section, tableOf(section), report)])) as Settings;
  return { keys: checkKeys(tableOf('keys'), report), ...settings };
}

/** A section of the table: its known keys, each value checked; what is missing or refused keeps its default. */
function checkSection(section: SectionName, table: Table, report: Reporter): Record<string, unknown> {
  const entries = settingsIn(section);
  const keys = entries.map(([key]) => key);
  for (const key of Object.keys(table)) {
    if (!keys.includes(key)) report([section, key], `unknown key (allowed in [${section}]: ${list(keys)})`);
  }
  return Object.fromEntries(
    entries.map(([key, setting]) => {
      if (table[key] === undefined) return [key, defaultOf(setting)];
      const checked = checkSetting(setting, table[key]);
      if ('value' in checked) return [key, checked.value];
      report([section, key], checked.problem);
      return [key, defaultOf(setting)];
    }),
  );
}
