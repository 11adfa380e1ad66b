import type { ColourDepth } from './half-blocks.js';

/** How the cover is drawn: as coloured half-blocks, as a kitty image, or not at all. */
export type ArtSetting = 'auto' | 'blocks' | 'kitty' | 'off';
export type ArtMode = { kind: 'blocks'; depth: ColourDepth } | { kind: 'kitty' } | { kind: 'off' };

type Env = Readonly<Record<string, string | undefined>>;

function colourDepth(env: Env): ColourDepth {
  const colorterm = (env['COLORTERM'] ?? '').toLowerCase();
  if (colorterm === 'truecolor' || colorterm === '24bit') return 'truecolor';
  // A terminal that names only 256 colours (tmux and screen do unless told more) gets the 256-colour cube.
  return /256/.test(env['TERM'] ?? '') ? '256' : 'truecolor';
}

/** Kitty graphics pass through tmux only with passthrough on, which a program cannot see: never there. */
function speaksKitty(env: Env): boolean {
  if (env['TMUX'] !== undefined) return false;
  return env['TERM'] === 'xterm-kitty' || env['KITTY_WINDOW_ID'] !== undefined || env['TERM_PROGRAM'] === 'ghostty';
}

/** The drawing the setting and the terminal allow; nothing where colours are off. */
export function artModeFor(setting: ArtSetting, env: Env, coloursOff: boolean): ArtMode {
  if (setting === 'off' || coloursOff || 'NO_COLOR' in env) return { kind: 'off' };
  if (setting === 'kitty' || (setting === 'auto' && speaksKitty(env))) return { kind: 'kitty' };
  return { kind: 'blocks', depth: colourDepth(env) };
}
