import { useKeypress } from './use-keypress.js';
import { useEffect, useRef } from 'react';
import { commandForKey, type ListCommand } from './use-list-keys.js';

/** How long a lone `1`–`4` waits for a command to count before it does the app's jump instead. */
export const COUNT_JUMP_MS = 800;
const LONE_JUMP_DIGIT = /^[1-4]$/;

export interface ReorderKeysOptions {
  /** The pane's focus: keys are read only while it has them. */
  isActive: boolean;
  /** The count typed so far ('' for none): a lone `1`–`4` left alone turns into a jump. */
  count: string;
  /** A digit typed: it starts or extends the count. */
  onDigit(digit: string): void;
  /** A list key, or null for any other key (which cancels the count). Must dispatch: keys outrun renders. */
  onCommand(command: ListCommand | null): void;
  /** A lone `1`–`4` was followed by nothing: the app's `1`–`4` jump. */
  onLoneDigit(digit: string): void;
}

/**
 * The keys of a playlist's items: the list keys with the reorder ones, and digits as a count (`20K`). The
 * app leaves digits to this pane; one typed alone (`2`) still jumps, once no key has followed it for a moment.
 */
export function useReorderKeys(options: ReorderKeysOptions): void {
  const { isActive, count } = options;
  const latest = useRef(options);
  latest.current = options;
  useKeypress(
    (input, key) => {
      const { onDigit, onCommand } = latest.current;
      if (/^[0-9]$/.test(input) && !key.ctrl && !key.meta) onDigit(input);
      else onCommand(commandForKey(input, key, true));
    },
    { isActive },
  );

  useEffect(() => {
    if (!isActive || !LONE_JUMP_DIGIT.test(count)) return;
    // Flagged as well as cleared: a timer must never fire after its key was followed (fake timers in tests
    // leave the real `clearTimeout` in place).
    let isCancelled = false;
    const timer = setTimeout(() => isCancelled || latest.current.onLoneDigit(count), COUNT_JUMP_MS);
    return () => {
      isCancelled = true;
      clearTimeout(timer);
    };
  }, [isActive, count]);
}
