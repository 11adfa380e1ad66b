/**
 * The named themes `[theme] name` picks from: a colour per role (the theme's colour settings in settings.ts;
 * ui/context/theme.ts checks that each theme gives every one), in the form Ink's `color` props take ('cyan', '#rrggbb',
 * 'ansi256(n)'); undefined leaves the role's plain style (dim text and borders, an inverse cursor row). `none`
 * has no colour at all: only text styles remain, so nothing depends on colour to be read (focus shows in the
 * border's line weight too, refusals and errors in their words). Imports nothing: the table reads the names.
 */

const NO_ROLES = { muted: undefined, selection: undefined, border: undefined } as const;

export const PALETTES = {
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
} as const satisfies Record<string, { isColorEnabled: boolean } & Record<string, string | boolean | undefined>>;

export type ThemeName = keyof typeof PALETTES;
export const THEME_NAMES = Object.keys(PALETTES) as ThemeName[];
