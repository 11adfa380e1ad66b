/**
 * Text as search compares it: accents and case folded, anything but letters and digits a single space. The
 * full-text index folds the same way (SQLite's unicode61 tokenizer, remove_diacritics 2), so a name's key and
 * a query's words meet whatever accents or case either was typed with. Pure.
 */

const MARKS = /\p{M}+/gu;
const SEPARATORS = /[^\p{L}\p{N}]+/gu;

const ASCII = /^[\x00-\x7f]*$/;
const ASCII_SEPARATORS = /[^a-z0-9]+/g;

/** `Café  Niño!` → `cafe nino`. */
export function foldText(text: string): string {
  // Most names are ASCII, which has nothing to decompose and simpler separators (a first start folds 25,000).
  if (ASCII.test(text)) return text.toLowerCase().replace(ASCII_SEPARATORS, ' ').trim();
  return text.normalize('NFKD').replace(MARKS, '').toLowerCase().replace(SEPARATORS, ' ').trim();
}

/** The words of a query, folded; none for a query of only punctuation. */
export function searchWords(query: string): string[] {
  const folded = foldText(query);
  return folded === '' ? [] : folded.split(' ');
}
