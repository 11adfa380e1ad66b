import { DEFAULT_BINDINGS, type KeyBindings } from '../ui/keys/bindings.js';
import { NO_MUSIC, type MusicSettings } from './music-settings.js';

/** What a config file can set, with today's behaviour as the defaults. */

export const THEME_NAMES = ['default', 'light', 'high-contrast', 'none'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

/** The colour roles a theme gives and a config file can override. */
export const THEME_ROLES = ['accent', 'muted', 'error', 'warning', 'success', 'selection', 'border', 'progress'] as const;
export type ThemeRole = (typeof THEME_ROLES)[number];

export const ROLE_DESCRIPTIONS: Record<ThemeRole, string> = {
  accent: "the focused pane's border and title",
  muted: 'secondary text (unset: dim)',
  error: 'errors in the status line',
  warning: 'a troubled connection in the status line',
  success: 'the title of what plays',
  selection: 'the cursor row (unset: inverse)',
  border: "other panes' borders (unset: dim)",
  progress: "the progress bar's fill",
};

export const ART_MODES = ['auto', 'blocks', 'kitty', 'off'] as const;
export type ArtMode = (typeof ART_MODES)[number];

/** A colour as Ink takes it ('cyan', '#ff8800', 'ansi256(208)'), or null for none (the theme's style stays). */
export type Colour = string | null;

export interface ThemeSettings {
  /** Unset: from the environment (NO_COLOR gives 'none'), as without a file. */
  name: ThemeName | undefined;
  roles: Partial<Record<ThemeRole, Colour>>;
}

export interface Config {
  keys: KeyBindings;
  theme: ThemeSettings;
  poll: { playingMs: number; idleMs: number; listRefreshMs: number };
  layout: { details: boolean; detailsShare: number };
  mouse: { enabled: boolean };
  art: { mode: ArtMode };
  /** The desktop over the session bus: MPRIS (media keys, players widgets), notifications of each new item. */
  desktop: { mpris: boolean; notify: boolean };
  /** A music folder as the embedded service's catalog (decisions §19): music-settings.ts. */
  music: MusicSettings;
}

export const DEFAULT_CONFIG: Config = {
  keys: DEFAULT_BINDINGS,
  theme: { name: undefined, roles: {} },
  // Today's intervals: src/ui/hooks/use-playback.ts and page-fetcher.ts.
  poll: { playingMs: 5_000, idleMs: 15_000, listRefreshMs: 60_000 },
  // src/ui/layout.ts: the library takes 0.55 of the width.
  layout: { details: true, detailsShare: 0.45 },
  mouse: { enabled: true },
  art: { mode: 'auto' },
  desktop: { mpris: true, notify: false },
  music: NO_MUSIC,
};

export interface Bounds {
  min: number;
  max: number;
}

/**
 * Poll intervals in seconds. The floors keep the request budget (at most 8 requests in 30 s while playing
 * and idle): 30/5 playback polls + 1 at an item's end + 30/60 list refreshes = 7.5 at the fastest allowed.
 */
export const POLL_BOUNDS = {
  playing_seconds: { min: 5, max: 60 },
  idle_seconds: { min: 5, max: 300 },
  list_refresh_seconds: { min: 60, max: 3_600 },
} as const satisfies Record<string, Bounds>;

export const REQUEST_BUDGET_PER_30_S = 8;

/** Requests in 30 s at these intervals while something plays: the playback polls, one at the item's end, list refreshes. */
export function requestsPer30s(poll: Config['poll']): number {
  return 30_000 / poll.playingMs + 1 + 30_000 / poll.listRefreshMs;
}

export const DETAILS_SHARE_BOUNDS: Bounds = { min: 0.2, max: 0.6 };

/** Terminal colour names Ink knows (chalk's foreground colours). */
export const COLOUR_NAMES = [
  'black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white', 'gray', 'grey',
  'blackBright', 'redBright', 'greenBright', 'yellowBright', 'blueBright', 'magentaBright', 'cyanBright', 'whiteBright',
] as const;

export const COLOUR_SPELLING = 'a colour name (cyan, redBright...), "#rrggbb", a number from 0 to 255, or "none"';

/** A colour as written in the file to the form Ink takes, or undefined when it is not one. */
export function parseColour(value: unknown): Colour | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 && value <= 255 ? `ansi256(${value})` : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text.toLowerCase() === 'none') return null;
  if (/^#[0-9a-f]{6}$/i.test(text)) return text.toLowerCase();
  // "brightBlack", "bright-black" and "BlackBright" all name blackBright.
  const simple = text.toLowerCase().replace(/[-_ ]/g, '').replace(/^bright(.+)$/, '$1bright');
  return COLOUR_NAMES.find((name) => name.toLowerCase() === simple);
}
