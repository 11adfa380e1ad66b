import chalk from 'chalk';
import { useServices } from './app-services.js';
import { THEME_ROLES, type Settings } from '../../config/settings.js';
import { PALETTES, type ThemeName } from '../../config/themes.js';
import type { Theme } from './members.js';

export type { Theme };

/** The named themes, each with a colour (or none) for every role of the config's [theme]. */
export const THEMES: Readonly<Record<ThemeName, Theme>> = PALETTES;

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
export function resolveTheme(settings: Settings['theme'], env: Record<string, string | undefined>): Theme {
  const base = settings.name === undefined ? themeFromEnv(env) : THEMES[settings.name];
  const given = THEME_ROLES.filter((role) => settings[role] !== undefined);
  if (given.length === 0) return base;
  const theme: Theme = { ...base };
  for (const role of given) theme[role] = settings[role] ?? undefined;
  theme.isColorEnabled = THEME_ROLES.some((role) => theme[role] !== undefined);
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
