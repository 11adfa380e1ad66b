import { useMemo, useRef, useState } from 'react';
import { useKeyLayer } from '../../keys/use-key-layer.js';
import { KEY_LAYER } from '../../keys/key-layers.js';
import { DEDUPE_LETTER, SORT_MENU_TEXT, sortChoiceFor, type SortChoice } from '../model/sort.js';

type Mode = { kind: 'position'; text: string } | { kind: 'sort' } | { kind: 'confirm'; answer(yes: boolean): void } | null;

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

/**
 * The one-key sort menu (`o`) and the typed position (`m`): while either is open it takes every key, above
 * the pane, so that `n` or `r` there are the menu's letters and digits are the position, not a count.
 */
export function useEditorPrompt(options: EditorPromptOptions): EditorPrompt {
  const latest = useRef(options);
  latest.current = options;
  // A ref, not state: the key right after `o` or `m` may come before the next render.
  const mode = useRef<Mode>(null);
  // Only an open prompt is an active layer: an idle one would reset the count typed for the pane below.
  const [isOpen, setOpen] = useState(false);
  const close = (): void => {
    mode.current = null;
    setOpen(false);
  };
  useKeyLayer(
    KEY_LAYER.prompt,
    (input, key) => {
      const current = mode.current;
      if (current === null) return false;
      const { onStatus, onPosition, onSort } = latest.current;
      if (current.kind === 'confirm') {
        const lower = input.toLowerCase();
        if (lower !== 'y' && lower !== 'n' && !key.escape) return true;
        close();
        current.answer(lower === 'y');
      } else if (key.escape) {
        close();
        onStatus(current.kind === 'sort' ? 'sort cancelled' : 'move cancelled');
      } else if (current.kind === 'sort') {
        close();
        const choice = sortChoiceFor(input);
        if (input === DEDUPE_LETTER) latest.current.onDedupe();
        else if (choice === null) onStatus('sort cancelled');
        else onSort(choice);
      } else if (key.return) {
        close();
        onPosition(current.text);
      } else if (key.backspace || key.delete) {
        mode.current = { kind: 'position', text: current.text.slice(0, -1) };
        onStatus(positionText(mode.current.text));
      } else if (/^[0-9]+$/.test(input) && current.text.length < 9) {
        mode.current = { kind: 'position', text: current.text + input };
        onStatus(positionText(mode.current.text));
      }
      return true;
    },
    { isActive: options.isFocused && (isOpen || mode.current !== null) },
  );
  return useMemo(
    () => ({
      ask: (question) =>
        new Promise<boolean>((resolve) => {
          mode.current = { kind: 'confirm', answer: resolve };
          setOpen(true);
          latest.current.onStatus(question);
        }),
      openPosition: () => {
        mode.current = { kind: 'position', text: '' };
        setOpen(true);
        latest.current.onStatus(positionText(''));
      },
      openSortMenu: () => {
        mode.current = { kind: 'sort' };
        setOpen(true);
        latest.current.onStatus(SORT_MENU_TEXT);
      },
    }),
    [],
  );
}
