import { keysLabel, DEFAULT_BINDINGS } from '../../keys/bindings.js';
import type { OFFER_KEYMAP } from '../keys/keymap.js';
import { journalNotice, type Journal } from './model/journal.js';

/** The answers as the action table fixes them: `s save, d discard, Esc later`. */
const answer = (action: (typeof OFFER_KEYMAP)[number], word: string): string => `${keysLabel(action, DEFAULT_BINDINGS)} ${word}`;
export const OFFER_KEYS = [answer('offerSave', 'save'), answer('offerDiscard', 'discard'), answer('offerLater', 'later')].join(', ');

/** `3 unsaved moves in Silver Magpies from 19:02 — s save, d discard, Esc later`. */
export function offerText(journal: Journal, timeZone?: string): string {
  return `${journalNotice(journal, timeZone)} — ${OFFER_KEYS}`;
}

/** Journals set aside as unreadable: the first line, and how many more the log names. */
export function setAsideText(lines: readonly string[]): string {
  return lines.length === 1 ? lines[0]! : `${lines[0]} (and ${lines.length - 1} more, named in the log)`;
}

