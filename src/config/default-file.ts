import { actionSpec } from '../keys/actions.js';
import { REMAPPABLE_ACTIONS } from '../keys/bindings.js';
import { KEY_SPELLING, keySpelling } from '../keys/names.js';
import { described, unsetOf, writtenDefault } from './kinds.js';
import { SECTION_NAMES, SECTION_NOTES, settingsIn, type SectionName } from './settings.js';

/** The places in table order: the file lists each place's actions together. */
const PLACES = [...new Set(REMAPPABLE_ACTIONS.map((action) => actionSpec(action).place))];

const quoted = (text: string): string => JSON.stringify(text);
const aligned = (code: string, comment: string): string => `${code.padEnd(44)} # ${comment}`;

/** `playdeck config default`: every option at its default with a word on each; it loads as the defaults. */
export function defaultConfigText(): string {
  const lines = [
    "# playdeck's config file, every option at its default. Delete what you do not change.",
    '# It is read at start and again whenever it is saved; `playdeck config check` checks it.',
    '# A line commented out is a setting unset by default: its comment says what unset means.',
    '',
    ...keysSection(),
    ...SECTION_NAMES.flatMap((section) => ['', ...settingsSection(section)]),
  ];
  return `${lines.join('\n')}\n`;
}

/** Every action the file may remap at its default keys, place by place. */
function keysSection(): string[] {
  const lines = [
    '[keys]',
    '# An action = one key or a list of keys; naming an action replaces all its keys.',
    `# A key is ${KEY_SPELLING}.`,
  ];
  for (const place of PLACES) {
    lines.push('', `# ${place}`);
    for (const action of REMAPPABLE_ACTIONS.filter((name) => actionSpec(name).place === place)) {
      const { keys, description } = actionSpec(action);
      const value = keys.length === 1 ? quoted(keySpelling(keys[0]!)) : `[${keys.map((key) => quoted(keySpelling(key))).join(', ')}]`;
      lines.push(aligned(`${action} = ${value}`, description));
    }
  }
  return lines;
}

/** A section of the settings table: its note, then each setting at its default (commented out where unset). */
function settingsSection(section: SectionName): string[] {
  const note = SECTION_NOTES[section];
  const lines = settingsIn(section).map(([key, setting]) => {
    const written = writtenDefault(setting);
    const code = written === null ? `# ${key} = ${unsetOf(setting, key)?.shown}` : `${key} = ${written}`;
    return aligned(code, described(setting, key));
  });
  return [`[${section}]`, ...(note === undefined ? [] : [`# ${note}`]), ...lines];
}
