import { useCallback, useRef, useState } from 'react';
import { useKeyBindings } from '../services/bindings-context.js';
import { KEY_LAYER } from '../keys/key-layers.js';
import { resolve } from '../keys/keymap.js';
import { describeSleep } from '../state/sleep-timer.js';
import { useKeyLayer } from '../keys/use-key-layer.js';
import type { SleepControl } from '../hooks/use-sleep-timer.js';

export interface SleepPrompt {
  /** The status line while the prompt is up, else null. */
  message: string | null;
  /** `z`: asks for minutes or the end of the item; with a timer running, offers to turn it off. */
  open(): void;
}

const MAX_DIGITS = 4;
const SLEEP_KEY = ['sleepTimer'] as const;

function promptText(typed: string, running: string | null): string {
  const minutes = `minutes ${typed}_ then Enter · e end of this item`;
  return running === null ? `sleep timer: ${minutes} · Esc cancels` : `${running} left — o off · ${minutes} · Esc keeps it`;
}

/**
 * The sleep timer's question in the status line: digits are minutes (Enter sets them), `e` the end of the
 * item playing; with a timer running, `o` (or the key that opened it, `z`) turns it off. While up, it takes
 * every key, above the panes, so that digits are minutes and not a pane's jump.
 */
export function useSleepPrompt(sleep: SleepControl, onNotice: (message: string) => void): SleepPrompt {
  const [typed, setTyped] = useState<string | null>(null);
  // A ref beside the state: the key right after `z` may come before the next render.
  const current = useRef<string | null>(null);
  const bindings = useKeyBindings();
  const latest = useRef({ sleep, onNotice });
  latest.current = { sleep, onNotice };
  const show = (text: string | null): void => {
    current.current = text;
    setTyped(text);
  };
  const apply = (outcome: ReturnType<SleepControl['set']>): void => {
    show(null);
    if (!outcome.ok) latest.current.onNotice(`sleep timer: ${outcome.reason}`);
  };

  useKeyLayer(
    KEY_LAYER.prompt,
    (input, key) => {
      const text = current.current;
      if (text === null) return false;
      const { sleep: control } = latest.current;
      if (key.ctrl && input === 'c') {
        show(null);
        return false; // quitting is never held up by the question
      }
      if (key.escape) show(null);
      else if (key.return) {
        if (text === '') show(null);
        else apply(control.set({ kind: 'for', ms: Number(text) * 60_000 }));
      } else if (key.backspace || key.delete) show(text.slice(0, -1));
      else if (/^[0-9]$/.test(input) && text.length < MAX_DIGITS && !(text === '' && input === '0')) show(text + input);
      else if (input === 'e') apply(control.set({ kind: 'end' }));
      else if ((input === 'o' || resolve(SLEEP_KEY, input, key, bindings) !== null) && control.timer !== null) apply(control.set({ kind: 'off' }));
      return true;
    },
    { isActive: typed !== null || current.current !== null },
  );

  const open = useCallback(() => {
    current.current = '';
    setTyped('');
  }, []);
  const running = sleep.timer === null ? null : describeSleep(sleep.timer, Date.now());
  return { message: typed === null ? null : promptText(typed, running), open };
}
