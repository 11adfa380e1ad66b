import stringWidth from 'string-width';
import { BoundedCache } from './bounded-cache.js';

/**
 * `widest-line` as Ink gets it in the bundle and in the tests (ink-replacements.mjs), and the one memory of
 * widths in the terminal: Ink measures every text on screen on every frame (here and through measure-text.ts),
 * the frame stage measures each character it places (ink-output.ts), the screen writer each character of a row
 * (cells.ts), and string-width walks a text with anything outside printable ASCII (a `…`, a `·`, a `━`) one
 * grapheme at a time.
 */
const widths = new BoundedCache(4_096, (text) => {
  let width = 0;
  for (const line of text.split('\n')) width = Math.max(width, stringWidth(line));
  return width;
});

export default function widestLine(text: string): number {
  return widths.get(text);
}
