import stringWidth from 'string-width';

/**
 * `widest-line` as the bundled Ink uses it (scripts/build.mjs puts this module in its place): Ink measures every
 * text on screen on every frame, and string-width walks a text with any character outside printable ASCII (a
 * `…`, a `·`, a `━`) one grapheme at a time. Widths of texts measured lately are remembered; the memory is
 * bounded by forgetting them all now and then, which costs one frame of measuring.
 */

const MAX_REMEMBERED = 4_096;
const remembered = new Map<string, number>();

export default function widestLine(text: string): number {
  let width = remembered.get(text);
  if (width === undefined) {
    width = 0;
    for (const line of text.split('\n')) width = Math.max(width, stringWidth(line));
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(text, width);
  }
  return width;
}
