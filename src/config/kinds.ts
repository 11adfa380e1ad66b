import { COLOUR_SPELLING, parseColour, writtenColour, type Colour } from './colour.js';
import { shown } from './problems.js';
import { PALETTES } from './themes.js';

/**
 * The kinds of setting the table (settings.ts) declares: what each one's entry holds, the value it gives the
 * typed config, how a file's value is checked (a refusal names what is allowed), how a value is written in the
 * file, and the words that say what is allowed. A new kind is a member of `Setting` and an entry in KINDS: the
 * compiler asks for the entry, and ValueOf for its type.
 */

interface Described {
  /** One line a person reads, in `config default` and README; what is allowed is said after it. */
  readonly help: string;
}

export interface SwitchSetting extends Described {
  readonly type: 'boolean';
  readonly default: boolean;
}

export interface NumberSetting extends Described {
  readonly type: 'number';
  readonly default: number;
  readonly min: number;
  readonly max: number;
  /** What the number is, for a refusal: "a number of seconds from 5 to 60". */
  readonly unit: string;
}

export interface ChoiceSetting extends Described {
  readonly type: 'choice';
  readonly allowed: readonly string[];
  /** Absent: the setting is unset by default, and `unset` says what that means. */
  readonly default?: string;
  readonly unset?: string;
}

/** A colour of one of the theme's roles: unset by default, which keeps the named theme's. */
export interface ColourSetting extends Described {
  readonly type: 'colour';
}

/** A file or folder (`~` for the home folder): unset by default, and `unset` says what that means. */
export interface PathSetting extends Described {
  readonly type: 'path';
  readonly unset: string;
  /** Shown commented out in `config default`. */
  readonly example: string;
}

export type Setting = SwitchSetting | NumberSetting | ChoiceSetting | ColourSetting | PathSetting;
export type SettingType = Setting['type'];

/** The value a setting gives the typed config; undefined where it is unset. */
export type ValueOf<S> = S extends { type: 'boolean' }
  ? boolean
  : S extends { type: 'number' }
    ? number
    : S extends { type: 'choice'; allowed: readonly (infer A)[] }
      ? A | (S extends { default: string } ? never : undefined)
      : S extends { type: 'colour' }
        ? Colour | undefined
        : S extends { type: 'path' }
          ? string | undefined
          : never;

export type Checked = { value: unknown } | { problem: string };

interface Kind<S extends Setting> {
  /** A value the file gives (never undefined), or why it is refused. */
  check(setting: S, value: unknown): Checked;
  /** A value of the setting (never undefined) as the file writes it. */
  written(value: unknown): string;
  /** What is allowed, said after the help ("5-60"); null where the help or the section's note says it. */
  allowed(setting: S): string | null;
  /** For a setting unset by default: what that means, and the value shown commented out in `config default`. */
  unset(setting: S, key: string): { means: string; shown: string } | null;
}

const quotedList = (words: readonly string[]): string => words.map((word) => JSON.stringify(word)).join(', ');

const KINDS: { [T in SettingType]: Kind<Extract<Setting, { type: T }>> } = {
  boolean: {
    check: (_setting, value) => (typeof value === 'boolean' ? { value } : { problem: `must be true or false, not ${shown(value)}` }),
    written: String,
    allowed: () => null,
    unset: () => null,
  },
  number: {
    check: ({ min, max, unit }, value) =>
      typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max
        ? { value }
        : { problem: `${shown(value)} is not allowed: ${unit} from ${min} to ${max}` },
    written: String,
    allowed: ({ min, max }) => `${min}-${max}`,
    unset: () => null,
  },
  choice: {
    check: ({ allowed }, value) =>
      typeof value === 'string' && allowed.includes(value) ? { value } : { problem: `${shown(value)} is not allowed (allowed: ${quotedList(allowed)})` },
    written: (value) => JSON.stringify(value),
    allowed: ({ allowed }) => `one of ${quotedList(allowed)}`,
    // Unset, a choice shows its first value.
    unset: (setting) => (setting.default === undefined ? { means: setting.unset ?? '', shown: JSON.stringify(setting.allowed[0]) } : null),
  },
  colour: {
    check: (_setting, value) => {
      const colour = parseColour(value);
      return colour === undefined ? { problem: `${shown(value)} is not a colour (allowed: ${COLOUR_SPELLING})` } : { value: colour };
    },
    written: (value) => writtenColour(value as Colour),
    allowed: () => null,
    // Shown at the default theme's colour (none where it has none: the plain style).
    unset: (_setting, role) => {
      const colour = (PALETTES.default as Record<string, unknown>)[role];
      return { means: "the named theme's colour", shown: writtenColour(typeof colour === 'string' ? colour : null) };
    },
  },
  path: {
    check: (_setting, value) =>
      typeof value === 'string' && value.trim() !== ''
        ? { value }
        : { problem: `${shown(value)} is not allowed: a path in quotes (a ~ at its start is your home folder)` },
    written: (value) => JSON.stringify(value),
    allowed: () => null,
    unset: ({ unset, example }) => ({ means: unset, shown: JSON.stringify(example) }),
  },
};

const kindOf = <S extends Setting>(setting: S): Kind<S> => KINDS[setting.type] as unknown as Kind<S>;

/** A file's value for the setting (not undefined), checked. */
export const checkSetting = (setting: Setting, value: unknown): Checked => kindOf(setting).check(setting, value);

/** The setting's value when the file does not give it. */
export const defaultOf = (setting: Setting): unknown => ('default' in setting ? setting.default : undefined);

/** The default as the file writes it, or null for a setting unset by default. */
export function writtenDefault(setting: Setting): string | null {
  const value = defaultOf(setting);
  return value === undefined ? null : kindOf(setting).written(value);
}

/** What a setting unset by default means and shows; null for one with a default. */
export const unsetOf = (setting: Setting, key: string): { means: string; shown: string } | null => kindOf(setting).unset(setting, key);

/** The setting's help with what is allowed: `config default`'s comment, README's words. */
export function described(setting: Setting, key: string): string {
  const allowed = kindOf(setting).allowed(setting);
  const unset = unsetOf(setting, key);
  return `${setting.help}${allowed === null ? '' : ` (${allowed})`}${unset === null ? '' : `; unset: ${unset.means}`}`;
}
