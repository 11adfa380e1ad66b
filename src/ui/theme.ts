import chalk from 'chalk';
import { useServices } from './app-services.js';
import type { ThemeName, ThemeRole, ThemeSettings } from '../config/schema.js';

/**
 * The dashboard's colours, by role. Under NO_COLOR (https://no-color.org: set and not empty) every colour is
 * undefined and only text styles remain (bold, dim, inverse), so nothing depends on colour to be read:
 * focus shows in the border's line weight too, refusals and errors in their words. Colours are in the form
 * Ink's `color` props take: a name ('cyan'), '#rrggbb' or 'ansi256(n)'.
 */
export interface Theme {
  isColorEnabled: boolean;
  /** The focused pane's border and title. */
  accent: string | undefined;
  error: string | undefined;
  warning: string | undefined;
  success: string | undefined;
  /** Secondary text; undefined: dim, as without a theme. */
  muted: string | undefined;
  /** The cursor row's background; undefined: inverse. */
  selection: string | undefined;
  /** Borders of panes without the focus; undefined: dim. */
  border: string | undefined;
  /** The progress bar's fill. */
  progress: string | undefined;
}

const NO_ROLES = { muted: undefined, selection: undefined, border: undefined } as const;

export const THEMES: Readonly<Record<ThemeName, Theme>> = {
  default: { isColorEnabled: true, accent: 'cyan', error: 'red', warning: 'yellow', success: 'green', progress: 'cyan', ...NO_ROLES },
  // Fixed entries of the 256-colour cube, dark enough for a white background whatever the terminal's palette
  // (its own yellow and cyan are often unreadable there).
  light: {
    isColorEnabled: true, accent: 'ansi256(25)', error: 'ansi256(124)', warning: 'ansi256(130)', success: 'ansi256(28)',
    progress: 'ansi256(25)', ...NO_ROLES,
  },
  // Bright colours, and no dim text or borders: dim is what low-contrast terminals lose first.
  'high-contrast': {
    isColorEnabled: true, accent: 'yellowBright', error: 'redBright', warning: 'magentaBright', success: 'greenBright',
    progress: 'yellowBright', muted: 'whiteBright', selection: undefined, border: 'white',
  },
  none: {
    isColorEnabled: false, accent: undefined, error: undefined, warning: undefined, success: undefined, progress: undefined,
    ...NO_ROLES,
  },
};

const isNoColor = (env: Record<string, string | undefined>): boolean => {
  const noColor = env['NO_COLOR'];
  return noColor !== undefined && noColor !== '';
};

export function themeFromEnv(env: Record<string, string | undefined>): Theme {
  return isNoColor(env) ? THEMES.none : THEMES.default;
}

/**
 * The theme a config asks for: its named theme (unset: as the environment says) with its role overrides on
 * top; a role set to null goes back to the plain style. A named theme wins over NO_COLOR, as no-color.org
 * asks of a user's own configuration.
 */
export function resolveTheme(settings: ThemeSettings, env: Record<string, string | undefined>): Theme {
  const base = settings.name === undefined ? themeFromEnv(env) : THEMES[settings.name];
  const entries = Object.entries(settings.roles) as [ThemeRole, string | null][];
  if (entries.length === 0) return base;
  const theme: Theme = { ...base };
  for (const [role, colour] of entries) theme[role] = colour ?? undefined;
  theme.isColorEnabled = (['accent', 'error', 'warning', 'success', 'muted', 'selection', 'border', 'progress'] as const).some(
    (role) => theme[role] !== undefined,
  );
  return theme;
}

const ANSI_256 = /^ansi256\((\d{1,3})\)$/;

/** Text in a theme colour, as Ink's `<Text color>` would colour it, for lines drawn outside Ink (the clock). */
export function paint(text: string, colour: string | undefined): string {
  if (colour === undefined || text === '') return text;
  if (colour.startsWith('#')) return chalk.hex(colour)(text);
  const ansi = ANSI_256.exec(colour);
  if (ansi !== null) return chalk.ansi256(Number(ansi[1]))(text);
  const named = (chalk as unknown as Record<string, ((value: string) => string) | undefined>)[colour];
  return typeof named === 'function' ? named(text) : text;
}

/** Secondary text's style: the muted colour, or dim without one (as without a theme). */
export const mutedStyle = (theme: Theme): { color: string | undefined; dimColor: boolean } => ({
  color: theme.muted,
  dimColor: theme.muted === undefined,
});

/** The ♥ of a liked row: in the success colour, plain without colours (the mark itself shows it). */
export const likedStyle = (theme: Theme): { color: string | undefined } => ({ color: theme.success });

/** The cursor row's style: the selection colour as its background, or inverse without one. */
export const selectionStyle = (theme: Theme): { backgroundColor: string | undefined; inverse: boolean } => ({
  backgroundColor: theme.selection,
  inverse: theme.selection === undefined,
});

/** The theme of the services above; the default where none is given. */
export function useTheme(): Theme {
  return useServices().theme ?? THEMES.default;
}
