import { useKeypress } from './use-keypress.js';
import { useRef } from 'react';
import type { FocusTarget } from '../focus.js';
import { globalCommandFor, type GlobalCommand } from '../keymap.js';

export interface GlobalKeysOptions {
  /** False while a pane's text input has the keys. */
  isActive: boolean;
  focus: FocusTarget;
  /** While the help is up, focus keys wait (the help has the arrows); quit, help and playback still work. */
  isHelpOpen: boolean;
  onCommand(command: GlobalCommand): void;
}

/** Turns the dashboard's global keys into commands. */
export function useGlobalKeys(options: GlobalKeysOptions): void {
  // One listener for the app's life, reading the latest options: no re-subscription on every render.
  const latest = useRef(options);
  latest.current = options;
  const handler = useRef((input: string, key: Parameters<typeof globalCommandFor>[1]) => {
    const { isActive, focus, isHelpOpen, onCommand } = latest.current;
    // Checked here too: the listener goes only in an effect after the render that turned it off.
    if (!isActive) return;
    const command = globalCommandFor(input, key, { focus });
    if (command === null) return;
    const movesFocus = command.type === 'focus' || command.type === 'focusNext' || command.type === 'focusPrevious';
    if (isHelpOpen && movesFocus) return;
    onCommand(command);
  }).current;
  useKeypress(handler, { isActive: options.isActive });
}
