import type { Key } from 'ink';
import { sanitizeText } from '../sanitize.js';

/**
 * What a key does to a line being typed (a filter, the search, a question's name): Backspace takes the last
 * character back, Ctrl+U all of them, any other key that is text adds itself (control and format characters
 * dropped: a bell or a paste's escapes add nothing). Null: the key is not an edit (Enter, Esc, Tab, an arrow,
 * a Ctrl chord), for the caller to read. The callers keep the line in a ref, so keys typed faster than a render
 * each add to what the one before left.
 */
export function editedLine(text: string, input: string, key: Key): string | null {
  if (key.backspace || key.delete) return [...text].slice(0, -1).join('');
  if (key.ctrl && input === 'u') return '';
  if (key.ctrl || key.meta || key.escape || key.return || key.tab || input === '') return null;
  const typed = sanitizeText(input.replace(/[\p{Cc}\p{Cf}]/gu, ''));
  return typed === '' ? null : text + typed;
}
