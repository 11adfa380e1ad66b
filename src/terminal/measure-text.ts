import widestLine from './widest-line.js';

/**
 * Ink's measure-text as Ink gets it (ink-replacements.mjs): Ink's own keeps the size of every text it
 * ever measured, for as long as the program runs, beside widest-line's own memory of the same widths. This one
 * asks widest-line, whose memory is bounded.
 */
export default function measureText(text: string): { width: number; height: number } {
  if (text.length === 0) return { width: 0, height: 0 };
  let height = 1;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) height++;
  return { width: widestLine(text), height };
}
