import { useMemo, useRef, useState } from 'react';
import { useKeyLayer } from '../../keys/use-key-layer.js';
import { KEY_LAYER } from '../../keys/key-layers.js';
import { sanitizeText } from '../../sanitize.js';

/** A line of text typed in the status line (`N`'s name, `R`'s new name). */
export interface TextAsk {
  label: string;
  /** What is typed already (`R` starts from the name). */
  initial?: string;
  maxLength: number;
  /** What Enter does, said after the text: `Enter creates`. */
  enterHint: string;
  onEnter(text: string): void;
  onCancel(): void;
}

/** A question answered by one key: the answers by key (lower case), and what Esc does. */
export interface QuestionAsk {
  text: string;
  answers: Readonly<Record<string, () => void>>;
  onEscape(): void;
}

type Open = ({ kind: 'text'; text: string } & TextAsk) | ({ kind: 'question' } & QuestionAsk);

export interface StatusPrompt {
  /** The status line while a prompt is up, else null. */
  message: string | null;
  askText(ask: TextAsk): void;
  ask(question: QuestionAsk): void;
  isOpen: boolean;
}

/**
 * One prompt of the dashboard's status line at a time, above every pane: a line of text (printable keys
 * type, Backspace erases, Enter takes it, Esc cancels) or a question of one key. While up it takes every key
 * but Ctrl+C.
 */
export function useStatusPrompt(): StatusPrompt {
  // A ref, not state: the key right after `N` may come before the next render.
  const open = useRef<Open | null>(null);
  const [shown, setShown] = useState<Open | null>(null);
  const show = (next: Open | null): void => {
    open.current = next;
    setShown(next);
  };
  useKeyLayer(
    KEY_LAYER.prompt,
    (input, key) => {
      const current = open.current;
      if (current === null || (key.ctrl && input === 'c')) return false;
      if (current.kind === 'question') {
        const answer = current.answers[input.toLowerCase()];
        if (key.escape) {
          show(null);
          current.onEscape();
        } else if (answer !== undefined) {
          show(null);
          answer();
        }
        return true;
      }
      if (key.escape) {
        show(null);
        current.onCancel();
      } else if (key.return) {
        show(null);
        current.onEnter(current.text.trim());
      } else if (key.backspace || key.delete) show({ ...current, text: [...current.text].slice(0, -1).join('') });
      else if (key.ctrl && input === 'u') show({ ...current, text: '' });
      else if (!key.ctrl && !key.meta && input !== '' && !/[\p{Cc}\p{Cf}]/u.test(input)) {
        show({ ...current, text: [...(current.text + input)].slice(0, current.maxLength).join('') });
      }
      return true;
    },
    { isActive: shown !== null || open.current !== null },
  );
  const actions = useMemo(
    () => ({
      askText: (ask: TextAsk) => show({ kind: 'text', text: ask.initial ?? '', ...ask }),
      ask: (question: QuestionAsk) => show({ kind: 'question', ...question }),
    }),
    [],
  );
  let message: string | null = null;
  if (shown?.kind === 'text') message = `${shown.label}: ${sanitizeText(shown.text)}_ · ${shown.enterHint} · Esc cancels`;
  else if (shown?.kind === 'question') message = shown.text;
  return { ...actions, message, isOpen: shown !== null };
}
