import { KEY_LAYER } from '../../keys/key-layers.js';
import { useKeyLayer } from '../../keys/use-key-layer.js';
import { useCallback, useState } from 'react';
import type { EditSessions } from '../edit-sessions.js';

export const QUIT_PROMPT = 'Unsaved changes — s save and quit, d discard and quit, Esc stay';

type PromptState = { kind: 'closed' } | { kind: 'asking'; failure: string | null } | { kind: 'saving' };

export interface QuitPrompt {
  /** The status line while the prompt is up, else null. */
  message: string | null;
  /** Quits at once with nothing unsaved, else asks first. */
  requestQuit(): void;
}

/**
 * Quitting with unsaved changes in any playlist (its pane open or not): asks to save them all (then quits
 * once saved) or discard them (their journals go); Esc stays. Ctrl+C quits regardless, the changes kept in
 * their journals for the next start.
 */
export function useQuitPrompt(exit: () => void, sessions: EditSessions): QuitPrompt {
  const [state, setState] = useState<PromptState>({ kind: 'closed' });

  const requestQuit = useCallback(() => {
    if (sessions.unsaved().length === 0) exit();
    else setState({ kind: 'asking', failure: null });
  }, [exit, sessions]);

  // While up, the prompt takes every key.
  useKeyLayer(
    KEY_LAYER.prompt,
    (input, key) => {
      if (key.ctrl && input === 'c') exit();
      else if (state.kind === 'saving') return true;
      else if (key.escape) setState({ kind: 'closed' });
      else if (input === 'd') {
        sessions.discardAll();
        exit();
      } else if (input === 's') {
        setState({ kind: 'saving' });
        void sessions.saveAll().then((result) => {
          if (result.isSaved) exit();
          else setState({ kind: 'asking', failure: result.reason });
        });
      }
      return true;
    },
    { isActive: state.kind !== 'closed' },
  );

  let message: string | null = null;
  if (state.kind === 'saving') message = 'Saving your changes before quitting… (Ctrl+C quits without saving)';
  else if (state.kind === 'asking') message = state.failure === null ? QUIT_PROMPT : `Save failed: ${state.failure} — s try again, d discard and quit, Esc stay`;
  return { message, requestQuit };
}
