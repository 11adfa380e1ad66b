import { useCallback, useRef } from 'react';
import { useKeyBindings } from '../context/bindings-context.js';
import { resolve } from '../keys/keymap.js';
import { useStatusQuestion } from '../prompt/use-prompt.js';
import { describeSleep } from '../state/sleep-timer.js';
import type { SleepControl } from '../hooks/use-sleep-timer.js';

const MAX_DIGITS = 4;
const SLEEP_KEY = ['sleepTimer'] as const;

function promptText(typed: string, running: string | null): string {
  const minutes = `minutes ${typed}_ then Enter · e end of this item`;
  return running === null ? `sleep timer: ${minutes} · Esc cancels` : `${running} left — o off · ${minutes} · Esc keeps it`;
}

/**
 * `z`, the sleep timer's question in the status line: digits are minutes (Enter sets them), `e` the end of
 * the item playing; with a timer running, `o` (or the key that opened it, `z`) turns it off.
 */
export function useSleepPrompt(sleep: SleepControl, onNotice: (message: string) => void): () => void {
  const { ask } = useStatusQuestion();
  const bindings = useKeyBindings();
  const latest = useRef({ sleep, onNotice, bindings });
  latest.current = { sleep, onNotice, bindings };
  return useCallback(() => {
    const control = (): SleepControl => latest.current.sleep;
    const apply = (outcome: ReturnType<SleepControl['set']>): void => {
      if (!outcome.ok) latest.current.onNotice(`sleep timer: ${outcome.reason}`);
    };
    ask({
      kind: 'number',
      maxDigits: MAX_DIGITS,
      view: (typed) => {
        const { timer } = control();
        return promptText(typed, timer === null ? null : describeSleep(timer, Date.now()));
      },
      onAnswer: (typed) => {
        if (typed !== '') apply(control().set({ kind: 'for', ms: Number(typed) * 60_000 }));
      },
      answerOf: (input, key) => {
        if (input === 'e') return () => apply(control().set({ kind: 'end' }));
        const isOff = input === 'o' || resolve(SLEEP_KEY, input, key, latest.current.bindings) !== null;
        return isOff && control().timer !== null ? () => apply(control().set({ kind: 'off' })) : null;
      },
    });
  }, [ask]);
}
