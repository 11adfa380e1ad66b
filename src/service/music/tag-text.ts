/**
 * Tags are text anyone could have written: what the catalog keeps of them is plain text on one line, with
 * no control characters (C0, DEL, C1: an escape sequence would otherwise reach a terminal through a name),
 * of a bounded length, as decisions §7 asks of a playlist's name. Pure.
 */

// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]+/g;
/** Longer than any real title; what a file could hold past it is cut. */
export const MAX_TAG_CHARACTERS = 300;

/** A tag's text cleaned, or null when nothing printable is left. */
export function tagText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim();
  if (text === '') return null;
  const characters = [...text];
  return characters.length > MAX_TAG_CHARACTERS ? characters.slice(0, MAX_TAG_CHARACTERS).join('') : text;
}

/** A list of tag texts cleaned, the empty and repeated ones left out. */
export function tagTexts(values: unknown): string[] {
  if (!Array.isArray(values)) return [];
  const texts = values.map(tagText).filter((text): text is string => text !== null);
  return [...new Set(texts)];
}
