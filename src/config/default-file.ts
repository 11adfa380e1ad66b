import { actionSpec } from '../ui/keys/actions.js';
import { REMAPPABLE_ACTIONS } from '../ui/keys/bindings.js';
import { KEY_SPELLING, keySpelling } from './keys.js';
import {
  ART_MODES, COLOUR_SPELLING, DEFAULT_CONFIG, DETAILS_SHARE_BOUNDS, POLL_BOUNDS, ROLE_DESCRIPTIONS, THEME_NAMES, THEME_ROLES,
} from './schema.js';

/** The default theme's colours, shown commented out: unset, a role keeps the theme's own. */
const DEFAULT_ROLE_COLOURS: Record<string, string> = {
  accent: '"cyan"', error: '"red"', warning: '"yellow"', success: '"green"', progress: '"cyan"',
};

/** The places in table order: the file lists each place's actions together. */
const PLACES = [...new Set(REMAPPABLE_ACTIONS.map((action) => actionSpec(action).place))];

const quoted = (text: string): string => JSON.stringify(text);
const aligned = (code: string, comment: string): string => `${code.padEnd(44)} # ${comment}`;

/** `playdeck config default`: every option at its default with a word on each; it loads as the defaults. */
export function defaultConfigText(): string {
  const { poll, layout, mouse, art, desktop } = DEFAULT_CONFIG;
  const lines = [
    "# playdeck's config file, every option at its default. Delete what you do not change.",
    '# It is read at start and again whenever it is saved; `playdeck config check` checks it.',
    '',
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
  lines.push(
    '',
    '[theme]',
    `# One of ${THEME_NAMES.map(quoted).join(', ')}; unset, NO_COLOR gives "none" and otherwise "default".`,
    '# name = "default"',
    `# A role's colour: ${COLOUR_SPELLING}. Unset, the theme's own.`,
    ...THEME_ROLES.map((role) => aligned(`# ${role} = ${DEFAULT_ROLE_COLOURS[role] ?? '"none"'}`, ROLE_DESCRIPTIONS[role])),
    '',
    '[poll]',
    '# Seconds between asks; the bounds keep the dashboard within 8 requests in 30 s.',
    aligned(`playing_seconds = ${poll.playingMs / 1000}`, `while something plays (${POLL_BOUNDS.playing_seconds.min}-${POLL_BOUNDS.playing_seconds.max})`),
    aligned(`idle_seconds = ${poll.idleMs / 1000}`, `while paused or idle (${POLL_BOUNDS.idle_seconds.min}-${POLL_BOUNDS.idle_seconds.max})`),
    aligned(
      `list_refresh_seconds = ${poll.listRefreshMs / 1000}`,
      `the page under the cursor again (${POLL_BOUNDS.list_refresh_seconds.min}-${POLL_BOUNDS.list_refresh_seconds.max})`,
    ),
    '',
    '[layout]',
    aligned(`details = ${layout.details}`, 'the details pane beside the lists'),
    aligned(`details_share = ${layout.detailsShare}`, `its share of the width (${DETAILS_SHARE_BOUNDS.min}-${DETAILS_SHARE_BOUNDS.max})`),
    '',
    '[mouse]',
    aligned(`enabled = ${mouse.enabled}`, 'clicks and the wheel (hold Shift to select text)'),
    '',
    '[art]',
    aligned(`mode = ${quoted(art.mode)}`, `cover art: ${ART_MODES.map(quoted).join(', ')} (auto: kitty graphics where the terminal has them, else half-blocks)`),
    '',
    '[desktop]',
    '# Over the session bus (Linux); without one (SSH, a container) neither does anything.',
    aligned(`mpris = ${desktop.mpris}`, 'media keys, playerctl and the desktop\'s players widgets (MPRIS)'),
    aligned(`notify = ${desktop.notify}`, 'a desktop notification when the item changes (one, replaced each time)'),
    '',
    '[music]',
    '# Your music folder as the catalog (`playdeck --music DIR` does the same); unset, the demo catalog.',
    aligned('# folder = "~/Music"', 'tags, covers and chapters are read from it; nothing is written there'),
    aligned('# podcasts = "~/Podcasts"', 'each folder of it is a show (unset: a Podcasts folder in the music folder)'),
    aligned('follow_outside_links = false', 'follow links that lead out of the music folder'),
  );
  return `${lines.join('\n')}\n`;
}
