import { useContext, useEffect, useRef, useState } from 'react';
import type { SimplifiedPlaylist } from '../../../api/types.js';
import { useApi } from '../../context/api-context.js';
import { useServices } from '../../context/app-services.js';
import { restoredText, type EditSession, type SessionView } from '../edit-session.js';
import { EditSessions } from '../edit-sessions.js';
import { SaveBudgetContext } from '../save-budget.js';

/** The dashboard's sessions; where none are given (a pane drawn alone), sessions of this pane's own. */
export function useEditSessions(): EditSessions {
  const given = useServices().editor?.sessions ?? null;
  const api = useApi();
  const { journals } = useServices();
  const budget = useContext(SaveBudgetContext);
  const [own] = useState(() => (given === null ? new EditSessions({ api, journals, budget, notice: () => {} }) : null));
  return given ?? own!;
}

/**
 * The playlist's edit session (edit-session.ts), held while the pane is mounted and showing its lines in
 * `view`. Opened to resume a journal, it says so; closed with changes unsaved, their journal waits, so that
 * opening the playlist again restores them.
 */
export function useEditSession(playlist: SimplifiedPlaylist, view: SessionView): EditSession {
  const sessions = useEditSessions();
  const latest = useRef(view);
  latest.current = view;
  const [session] = useState(() => sessions.open(playlist));
  useEffect(() => {
    const detach = session.attach({ onStatus: (message) => latest.current.onStatus(message), confirm: (question) => latest.current.confirm(question) });
    const { resumed } = session;
    if (resumed !== null && !resumed.saveAtOnce) {
      const isMovesOnly = resumed.journal.added.length === 0 && resumed.journal.order.length === resumed.journal.baseLength;
      latest.current.onStatus(restoredText(resumed.journal.changeCount, isMovesOnly ? 'move' : 'change'));
    }
    return () => {
      detach();
      sessions.release(session);
    };
  }, [session, sessions]);
  return session;
}
