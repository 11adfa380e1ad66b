import { KEY_LAYER } from '../../keys/key-layers.js';
import { useKeyLayer } from '../../hooks/use-key-layer.js';
import { useCallback, useRef, useState } from 'react';

export type SaveResult = { isSaved: true } | { isSaved: false; reason: string };

/** What a pane with unsaved moves gives the app, so that quitting can save them first. */
export interface UnsavedMoves {
  /** Saves now; resolves once everything is saved, or with why it could not be. */
  save(): Promise<SaveResult>;
  /** Throws the moves away (their journal goes): quitting with `d`. */
  discard?(): void;
}

export const QUIT_PROMPT = 'Unsaved moves — s save and quit, d discard and quit, Esc stay';

type PromptState = { kind: 'closed' } | { kind: 'asking'; failure: string | null } | { kind: 'saving' };

export interface QuitPrompt {
  /** The status line while the prompt is up, else null. */
  message: string | null;
  /** Quits at once with nothing unsaved, else asks first. */
  requestQuit(): void;
  /** Where panes report unsaved moves (null once saved). */
  onUnsaved(moves: UnsavedMoves | null): void;
}

/**
 * Quitting with unsaved moves: asks to save (then quits once saved) or discard (their journal goes); Esc stays.
 * Ctrl+C quits regardless, the moves kept in their journal for the next start.
 */
export function useQuitPrompt(exit: () => void): QuitPrompt {
  const [state, setState] = useState<PromptState>({ kind: 'closed' });
  const unsaved = useRef<UnsavedMoves | null>(null);

  const onUnsaved = useCallback((moves: UnsavedMoves | null) => {
    unsaved.current = moves;
  }, []);
  const requestQuit = useCallback(() => {
    if (unsaved.current === null) exit();
    else setState({ kind: 'asking', failure: null });
  }, [exit]);

  // While up, the prompt takes every key.
  useKeyLayer(
    KEY_LAYER.prompt,
    (input, key) => {
      if (key.ctrl && input === 'c') exit();
      else if (state.kind === 'saving') return true;
      else if (key.escape) setState({ kind: 'closed' });
      else if (input === 'd') {
        unsaved.current?.discard?.();
        exit();
      }
      else if (input === 's') {
        const moves = unsaved.current;
        if (moves === null) {
          exit();
          return true;
        }
        setState({ kind: 'saving' });
        void moves.save().then((result) => {
          if (result.isSaved) exit();
          else setState({ kind: 'asking', failure: result.reason });
        });
      }
      return true;
    },
    { isActive: state.kind !== 'closed' },
  );

  let message: string | null = null;
  if (state.kind === 'saving') message = 'Saving your moves before quitting… (Ctrl+C quits without saving)';
  else if (state.kind === 'asking') message = state.failure === null ? QUIT_PROMPT : `Save failed: ${state.failure} — s try again, d discard and quit, Esc stay`;
  return { message, requestQuit, onUnsaved };
}
