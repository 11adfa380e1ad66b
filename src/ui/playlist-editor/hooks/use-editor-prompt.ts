import { useMemo, useRef } from 'react';
import { usePrompt } from '../../prompt/use-prompt.js';
import { DEDUPE_LETTER, SORT_MENU_TEXT, sortChoiceFor, type SortChoice } from '../model/sort.js';

export interface EditorPromptOptions {
  isFocused: boolean;
  onStatus(message: string | null): void;
  /** Enter after `m`: the text typed. */
  onPosition(text: string): void;
  /** A letter of the sort menu. */
  onSort(choice: SortChoice): void;
  /** `u` in the sort menu: remove duplicates. */
  onDedupe(): void;
}

export interface EditorPrompt {
  /** A yes/no question in the status line (y, or n/Esc); other keys wait for the answer. */
  ask(question: string): Promise<boolean>;
  openPosition(): void;
  openSortMenu(): void;
}

const positionText = (text: string): string => `move to position: ${text}_ · Enter moves · Esc cancels`;
const MAX_POSITION_DIGITS = 9;

/**
 * The pane's questions, shown on its own status line: the one-key sort menu (`o`), the typed position
 * (`m`) and a yes/no (`o u`'s duplicates). While one is up it takes every key, above the pane, so that `n`
 * or `r` there are the menu's letters and digits are the position, not a count.
 */
export function useEditorPrompt(options: EditorPromptOptions): EditorPrompt {
  const latest = useRef(options);
  latest.current = options;
  const { ask } = usePrompt({ isActive: options.isFocused, onMessage: (message) => latest.current.onStatus(message) });
  return useMemo(
    () => ({
      ask: (question) => new Promise<boolean>((resolve) => ask({ kind: 'yesNo', text: question, onAnswer: resolve })),
      openPosition: () =>
        ask({
          kind: 'number', maxDigits: MAX_POSITION_DIGITS, view: positionText,
          onAnswer: (text) => latest.current.onPosition(text),
          onCancel: () => latest.current.onStatus('move cancelled'),
        }),
      openSortMenu: () =>
        ask({
          kind: 'letter', text: SORT_MENU_TEXT,
          // Every key but Esc answers: a letter not on the menu cancels it.
          answerOf: (input, key) => {
            if (key.escape) return null;
            const choice = sortChoiceFor(input);
            if (input === DEDUPE_LETTER) return () => latest.current.onDedupe();
            return choice === null ? () => latest.current.onStatus('sort cancelled') : () => latest.current.onSort(choice);
          },
          onCancel: () => latest.current.onStatus('sort cancelled'),
        }),
    }),
    [ask],
  );
}
