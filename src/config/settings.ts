import { COLOUR_SPELLING } from './colour.js';
import { defaultOf, type Setting, type ValueOf } from './kinds.js';
import { THEME_NAMES } from './themes.js';

/**
 * Every setting of the config file but the keys, declared once: its section, its key, its kind (kinds.ts),
 * its default, its bounds or allowed values and one line of help. From this table come the typed config
 * (`Settings`, inferred by the compiler), the checker (check.ts), `playdeck config default` (default-file.ts)
 * and README's list of settings, which a test holds to it. A setting's name is written here alone: its
 * consumer reads it from the typed config (`config.poll.playing_seconds`), its default from DEFAULT_SETTINGS.
 *
 * To add a setting: one entry in its section, then its consumer; README's list then needs its row, which
 * test/config/settings.test.ts prints. A new section: one more key of SETTINGS with one entry per setting
 * (and, if its settings share a word, a line in SECTION_NOTES): the checker, `config default`, the typed
 * config and the unknown-section message follow. A value none of the kinds takes is a new kind in kinds.ts.
 * The [keys] section is the action table's (src/keys/actions.ts, remapped by action name in
 * check-keys.ts); README's key table gives each action's name.
 */
export const SETTINGS = {
  theme: {
    name: {
      type: 'choice', allowed: THEME_NAMES, unset: 'NO_COLOR gives "none", otherwise "default"',
      help: 'the named colours',
    },
    accent: { type: 'colour', help: "the focused pane's border and title" },
    muted: { type: 'colour', help: 'secondary text (none: dim)' },
    error: { type: 'colour', help: 'errors in the status line' },
    warning: { type: 'colour', help: 'a troubled connection in the status line' },
    success: { type: 'colour', help: 'the title of what plays' },
    selection: { type: 'colour', help: 'the cursor row (none: inverse)' },
    border: { type: 'colour', help: "other panes' borders (none: dim)" },
    progress: { type: 'colour', help: "the progress bar's fill" },
  },
  // The floors keep the request budget (REQUEST_BUDGET_PER_30_S below).
  poll: {
    playing_seconds: { type: 'number', default: 5, min: 5, max: 60, unit: 'a number of seconds', help: 'seconds between asks of what plays, while something plays' },
    idle_seconds: { type: 'number', default: 15, min: 5, max: 300, unit: 'a number of seconds', help: 'seconds between asks of what plays, while paused or idle' },
    list_refresh_seconds: { type: 'number', default: 60, min: 60, max: 3_600, unit: 'a number of seconds', help: "seconds between reads of the shown list's page" },
  },
  layout: {
    details: { type: 'boolean', default: true, help: 'the details pane beside the lists' },
    details_share: { type: 'number', default: 0.45, min: 0.2, max: 0.6, unit: 'a share of the width', help: "the details pane's share of the width" },
  },
  mouse: {
    enabled: { type: 'boolean', default: true, help: 'clicks and the wheel (hold Shift to select text; --no-mouse for one run)' },
  },
  art: {
    mode: {
      type: 'choice', allowed: ['auto', 'blocks', 'kitty', 'off'], default: 'auto',
      help: 'how cover art is drawn, auto being kitty graphics where the terminal has them and half-blocks elsewhere',
    },
  },
  desktop: {
    mpris: { type: 'boolean', default: true, help: "media keys, playerctl and the desktop's players widgets (MPRIS)" },
    notify: { type: 'boolean', default: false, help: 'a desktop notification when the item changes (one, replaced each time)' },
  },
  // Read at start only (decisions §19): which catalog and which database a start serves.
  music: {
    folder: {
      type: 'path', unset: 'the demo catalog', example: '~/Music',
      help: 'your music folder as the catalog (`playdeck --music DIR` for one run): tags, covers and chapters are read from it',
    },
    podcasts: {
      type: 'path', unset: 'a Podcasts folder inside the music folder', example: '~/Podcasts',
      help: 'a folder whose folders are shows, their files episodes',
    },
    follow_outside_links: { type: 'boolean', default: false, help: 'follow links that lead out of the music folder' },
  },
} as const satisfies Record<string, Record<string, Setting>>;

type Table = typeof SETTINGS;
export type SectionName = keyof Table;

/** The config's settings as the program reads them, one property per entry of the table. */
export type Settings = { readonly [S in SectionName]: { readonly [K in keyof Table[S]]: ValueOf<Table[S][K]> } };

/**
 * At most this many requests in 30 s while playing and idle, at the fastest intervals allowed: 30/5 playback
 * polls + 1 at an item's end + 30/60 list refreshes = 7.5.
 */
export const REQUEST_BUDGET_PER_30_S = 8;

/** Requests in 30 s at these intervals while something plays: the playback polls, one at the item's end, list refreshes. */
export function requestsPer30s(poll: Settings['poll']): number {
  return 30 / poll.playing_seconds + 1 + 30 / poll.list_refresh_seconds;
}

/** A word a section's settings have in common, said once above them in `config default`. */
export const SECTION_NOTES: Partial<Record<SectionName, string>> = {
  theme: `A role's colour: ${COLOUR_SPELLING}.`,
  poll: `The bounds keep the dashboard within ${REQUEST_BUDGET_PER_30_S} requests in 30 s.`,
  desktop: 'Over the session bus (Linux); without one (SSH, a container) neither does anything.',
};

export const SECTION_NAMES = Object.keys(SETTINGS) as readonly SectionName[];

/** A section's settings in table order. */
export const settingsIn = (section: SectionName): readonly [key: string, setting: Setting][] => Object.entries(SETTINGS[section]);

export const DEFAULT_SETTINGS = Object.fromEntries(
  SECTION_NAMES.map((section) => [section, Object.fromEntries(settingsIn(section).map(([key, setting]) => [key, defaultOf(setting)]))]),
) as Settings;

/** The colour roles a theme gives and a config file can override: the theme's colour settings. */
export type ThemeRole = { [K in keyof Table['theme']]: Table['theme'][K] extends { type: 'colour' } ? K : never }[keyof Table['theme']];
export const THEME_ROLES = settingsIn('theme').filter(([, setting]) => setting.type === 'colour').map(([key]) => key as ThemeRole);
