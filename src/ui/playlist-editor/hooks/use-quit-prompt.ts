import { useCallback } from 'react';
import { letters } from '../../prompt/question.js';
import { useStatusQuestion } from '../../prompt/use-prompt.js';
import type { EditSessions } from '../edit-sessions.js';

export const QUIT_PROMPT = 'Unsaved changes — s save and quit, d discard and quit, Esc stay';
const SAVING = 'Saving your changes before quitting… (Ctrl+C quits without saving)';

/**
 * Quitting with unsaved changes in any playlist (its pane open or not): asks to save them all (then quits
 * once saved) or discard them (their journals go); Esc stays. Ctrl+C quits regardless, the changes kept in
 * their journals for the next start. Returns what the quit key does: quits at once with nothing unsaved,
 * else asks first.
 */
export function useQuitPrompt(exit: () => void, sessions: EditSessions): () => void {
  const { ask } = useStatusQuestion();
  return useCallback(() => {
    const askToSave = (failure: string | null): void =>
      ask({
        kind: 'letter',
        text: failure === null ? QUIT_PROMPT : `Save failed: ${failure} — s try again, d discard and quit, Esc stay`,
        answerOf: letters({ s: save, d: discard }),
        onInterrupt: exit,
      });
    const save = (): void => {
      ask({ kind: 'wait', text: SAVING, onInterrupt: exit });
      void sessions.saveAll().then((result) => (result.isSaved ? exit() : askToSave(result.reason)));
    };
    const discard = (): void => {
      sessions.discardAll();
      exit();
    };
    if (sessions.unsaved().length === 0) exit();
    else askToSave(null);
  }, [ask, exit, sessions]);
}
