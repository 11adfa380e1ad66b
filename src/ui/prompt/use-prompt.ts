import { createContext, createElement, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useKeyLayer } from '../keys/use-key-layer.js';
import { KEY_LAYER } from '../keys/key-layers.js';
import { answerKey, asking, messageOf, type Asking, type Question } from './question.js';

export interface Prompt {
  /** Asks `question`, in the place of any asked before that is still up. */
  ask(question: Question): void;
  /** Closes the question up, unanswered. */
  close(): void;
  /** The question up, or null; its line is `messageOf(asked)`, read as drawn (a number's view reads the clock). */
  asked: Asking | null;
}

export interface PromptOptions {
  /** Off: the question holds no key (a pane without the focus). */
  isActive?: boolean;
  /** Each line the question shows, as it changes (a pane's status line), the last one kept once answered. */
  onMessage?(message: string): void;
}

/**
 * One question at a time (question.ts) with its key layer, above every pane: while one is up it takes
 * every key (but Ctrl+C, see question.ts). The answer runs once the question has closed, so that it may ask
 * the next one (a name, then a description).
 */
export function usePrompt(options: PromptOptions = {}): Prompt {
  // A ref beside the state: the key right after the one that asked may come before the next render.
  const current = useRef<Asking | null>(null);
  const [asked, setAsked] = useState<Asking | null>(null);
  const latest = useRef(options);
  latest.current = options;
  const actions = useMemo(() => {
    const show = (next: Asking | null): void => {
      current.current = next;
      setAsked(next);
      if (next !== null) latest.current.onMessage?.(messageOf(next));
    };
    return { show, ask: (question: Question) => show(asking(question)), close: () => show(null) };
  }, []);
  useKeyLayer(
    KEY_LAYER.prompt,
    (input, key) => {
      const up = current.current;
      if (up === null) return false;
      const outcome = answerKey(up, input, key);
      if (outcome.state === 'asking') {
        if (outcome.typed !== up.typed) actions.show({ ...up, typed: outcome.typed });
        return true;
      }
      actions.close();
      outcome.then?.();
      return outcome.state !== 'interrupted' || outcome.then !== null;
    },
    { isActive: (options.isActive ?? true) && (asked !== null || current.current !== null) },
  );
  return { ask: actions.ask, close: actions.close, asked };
}

const NO_PROMPT: Prompt = { ask: () => {}, close: () => {}, asked: null };
const PromptContext = createContext<Prompt>(NO_PROMPT);

/** The dashboard's status-line question: one for the dashboard's own (sleep, `N`/`R`, quit, the offers at start). */
export function PromptProvider({ children }: { children: ReactNode }) {
  const { ask, close, asked } = usePrompt();
  const prompt = useMemo(() => ({ ask, close, asked }), [ask, close, asked]);
  return createElement(PromptContext.Provider, { value: prompt }, children);
}

/** The dashboard's question, to ask one: `useStatusQuestion().ask({ kind: 'number', … })`. */
export const useStatusQuestion = (): Prompt => useContext(PromptContext);
