import { useKeypress } from './use-keypress.js';
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

/** Turns the dashboard's global keys into commands (useKeypress hands each key the latest options). */
export function useGlobalKeys({ isActive, focus, isHelpOpen, onCommand }: GlobalKeysOptions): void {
  useKeypress(
    (input, key) => {
      const command = globalCommandFor(input, key, { focus });
      if (command === null) return;
      const movesFocus = command.type === 'focus' || command.type === 'focusNext' || command.type === 'focusPrevious';
      if (isHelpOpen && movesFocus) return;
      onCommand(command);
    },
    { isActive },
  );
}
