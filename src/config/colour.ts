/** A colour as Ink takes it ('cyan', '#ff8800', 'ansi256(208)'), or null for none (the theme's style stays). */
export type Colour = string | null;

/** Terminal colour names Ink knows (chalk's foreground colours). */
export const COLOUR_NAMES = [
  'black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white', 'gray', 'grey',
  'blackBright', 'redBright', 'greenBright', 'yellowBright', 'blueBright', 'magentaBright', 'cyanBright', 'whiteBright',
] as const;

export const COLOUR_SPELLING = 'a colour name (cyan, redBright...), "#rrggbb", a number from 0 to 255, or "none"';

const ANSI_256 = /^ansi256\((\d{1,3})\)$/;

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

/** A colour as the file writes it, the inverse of parseColour: 'ansi256(240)' -> 240, null -> "none". */
export function writtenColour(colour: Colour): string {
  if (colour === null) return '"none"';
  const ansi = ANSI_256.exec(colour);
  return ansi === null ? JSON.stringify(colour) : ansi[1]!;
}
