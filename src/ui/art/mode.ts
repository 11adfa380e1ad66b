import type { Settings } from '../../config/settings.js';
import type { ColourDepth } from './half-blocks.js';

/** How the cover is drawn: as coloured half-blocks, as a kitty image, or not at all (a config file's [art] mode). */
export type ArtSetting = Settings['art']['mode'];
export type ArtMode = { kind: 'blocks'; depth: ColourDepth } | { kind: 'kitty' } | { kind: 'off' };

type Env = Readonly<Record<string, string | undefined>>;

function colourDepth(env: Env): ColourDepth {
  const colorterm = (env['COLORTERM'] ?? '').toLowerCase();
  if (colorterm === 'truecolor' || colorterm === '24bit') return 'truecolor';
  // A terminal that names only 256 colours (tmux and screen do unless told more) gets the 256-colour cube.
  return /256/.test(env['TERM'] ?? '') ? '256' : 'truecolor';
}

/**
 * Inside tmux (or screen) kitty graphics reach the terminal only through passthrough, which a program cannot
 * see and would have to wrap its pictures for: never there unless the setting says kitty.
 */
function isMultiplexed(env: Env): boolean {
  return env['TMUX'] !== undefined || env['STY'] !== undefined || /^(screen|tmux)/.test(env['TERM'] ?? '');
}

/** Terminals that name themselves and draw kitty graphics. */
function namesKittyTerminal(env: Env): boolean {
  const program = env['TERM_PROGRAM'];
  return env['TERM'] === 'xterm-kitty' || env['KITTY_WINDOW_ID'] !== undefined || program === 'ghostty' || program === 'WezTerm';
}

/**
 * Whether to ask the terminal if it draws kitty graphics (KITTY_QUERY in src/terminal/kitty.ts): where the
 * setting leaves it to us, the environment did not already tell, and no multiplexer is in between or terminal
 * known to print escape strings it does not know (the Linux console, Terminal.app). Others that print it
 * print it on the alternate screen just before it is cleared (src/terminal/screen.ts).
 */
export function shouldAskForKitty(setting: ArtSetting, env: Env): boolean {
  if (setting !== 'auto' || 'NO_COLOR' in env || isMultiplexed(env) || namesKittyTerminal(env)) return false;
  const term = env['TERM'] ?? '';
  // Terminal.app prints escape strings it does not know (and draws no kitty graphics).
  return term !== '' && term !== 'dumb' && term !== 'linux' && env['TERM_PROGRAM'] !== 'Apple_Terminal';
}

/**
 * The drawing the setting and the terminal allow; nothing where colours are off. `terminalSaysKitty`: the
 * terminal answered yes to the kitty graphics question.
 */
export function artModeFor(setting: ArtSetting, env: Env, coloursOff: boolean, terminalSaysKitty = false): ArtMode {
  if (setting === 'off' || coloursOff || 'NO_COLOR' in env) return { kind: 'off' };
  const speaksKitty = !isMultiplexed(env) && (namesKittyTerminal(env) || terminalSaysKitty);
  if (setting === 'kitty' || (setting === 'auto' && speaksKitty)) return { kind: 'kitty' };
  return { kind: 'blocks', depth: colourDepth(env) };
}
