import type { Key } from 'ink';
import { editedLine } from '../keys/line-edit.js';
import { sanitizeText } from '../sanitize.js';

/**
 * A question on the status line, as data: what it asks, which keys answer it and what it shows. Pure (no
 * React): use-prompt.ts holds the one asked and gives it the keys. While a question is up it takes every
 * key; Ctrl+C is never held up by one (it closes the question and goes on, unless the question says
 * otherwise with `onInterrupt`).
 */

/** The answer a key gives (run once the question has closed), or null: the key waits for another. */
export type AnswerOf = (input: string, key: Key) => (() => void) | null;

interface Asked {
  /** Esc (a yes/no's default: no). */
  onCancel?(): void;
  /** Ctrl+C, taken here instead of going on (quitting with unsaved changes quits at once). */
  onInterrupt?(): void;
}

export type Question = Asked &
  (
    /** A line of text: printable keys type, Backspace erases, Ctrl+U clears, Enter gives it trimmed. */
    | { kind: 'name'; label: string; initial?: string; maxLength: number; enterHint: string; onAnswer(text: string): void }
    /** Digits (no leading 0), Backspace, Enter; `answerOf` for the letters beside them; `view` reads the clock as drawn. */
    | { kind: 'number'; maxDigits: number; view(typed: string): string; onAnswer(typed: string): void; answerOf?: AnswerOf }
    /** y or n, either case. */
    | { kind: 'yesNo'; text: string; onAnswer(yes: boolean): void }
    /** A key from a set (`letters` builds it from a table), Esc aside. */
    | { kind: 'letter'; text: string; answerOf: AnswerOf }
    /** No answer: a moment that holds every key (a save before quitting). */
    | { kind: 'wait'; text: string }
  );

export interface Asking {
  question: Question;
  /** What is typed so far (a name's, a number's). */
  typed: string;
}

/** What a key does to the question up. */
export type Outcome =
  | { state: 'asking'; typed: string }
  | { state: 'answered' | 'cancelled'; then(): void }
  /** Ctrl+C: the question closes; `then` null lets the key go on to the layers below. */
  | { state: 'interrupted'; then: (() => void) | null };

/** A question's first state. */
export const asking = (question: Question): Asking => ({ question, typed: question.kind === 'name' ? (question.initial ?? '') : '' });

/** The answers of a set of keys, by what each types (exactly: `d` is not `D`). */
export const letters =
  (answers: Readonly<Record<string, () => void>>): AnswerOf =>
  (input) =>
    Object.hasOwn(answers, input) ? answers[input]! : null;

const NOTHING = (): void => {};
const erased = (typed: string): string => [...typed].slice(0, -1).join('');

function typedKey({ question, typed }: Asking, input: string, key: Key): Outcome | null {
  if (question.kind !== 'name' && question.kind !== 'number') return null;
  if (key.escape) return { state: 'cancelled', then: question.onCancel ?? NOTHING };
  if (key.return) return { state: 'answered', then: () => question.onAnswer(question.kind === 'name' ? typed.trim() : typed) };
  if (key.backspace || key.delete) return { state: 'asking', typed: erased(typed) };
  if (question.kind === 'name') {
    const edited = editedLine(typed, input, key) ?? typed;
    return { state: 'asking', typed: [...edited].slice(0, question.maxLength).join('') };
  }
  if (/^[0-9]+$/.test(input) && !key.ctrl && !key.meta) {
    const digits = (typed + input).replace(/^0+/, '').slice(0, question.maxDigits);
    return { state: 'asking', typed: digits };
  }
  const answer = question.answerOf?.(input, key) ?? null;
  return answer === null ? { state: 'asking', typed } : { state: 'answered', then: answer };
}

/** What `input` does to the question up. */
export function answerKey(current: Asking, input: string, key: Key): Outcome {
  const { question, typed } = current;
  if (key.ctrl && input === 'c') return { state: 'interrupted', then: question.onInterrupt ?? null };
  const typing = typedKey(current, input, key);
  if (typing !== null) return typing;
  switch (question.kind) {
    case 'yesNo': {
      const lower = input.toLowerCase();
      if (lower === 'y' || lower === 'n') return { state: 'answered', then: () => question.onAnswer(lower === 'y') };
      if (key.escape) return { state: 'cancelled', then: question.onCancel ?? (() => question.onAnswer(false)) };
      return { state: 'asking', typed };
    }
    case 'letter': {
      const answer = question.answerOf(input, key);
      if (answer !== null) return { state: 'answered', then: answer };
      if (key.escape) return { state: 'cancelled', then: question.onCancel ?? NOTHING };
      return { state: 'asking', typed };
    }
    default:
      return { state: 'asking', typed };
  }
}

/** What the status line shows for the question up. */
export function messageOf({ question, typed }: Asking): string {
  switch (question.kind) {
    case 'name':
      return `${question.label}: ${sanitizeText(typed)}_ · ${question.enterHint} · Esc cancels`;
    case 'number':
      return question.view(typed);
    case 'yesNo':
    case 'letter':
    case 'wait':
      return question.text;
  }
}
