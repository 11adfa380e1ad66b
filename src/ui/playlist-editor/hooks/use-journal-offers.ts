import { useCallback, useEffect, useRef, useState } from 'react';
import type { Api } from '../../../api/api.js';
import type { SimplifiedPlaylist } from '../../../api/types.js';
import { KEY_LAYER } from '../../keys/key-layers.js';
import { DEFAULT_BINDINGS } from '../../../keys/bindings.js';
import { commandFor, OFFER_KEYMAP, runCommand, type CommandHandlers, type OfferCommand } from '../../keys/keymap.js';
import { restoreJournal } from '../restore-journal.js';
import { journalNotice, type Journal } from '../model/journal.js';
import { offerText, setAsideText } from '../journal-offer-text.js';
import { useServices } from '../../services/app-services.js';
import { useKeyLayer } from '../../keys/use-key-layer.js';

export { offerText } from '../journal-offer-text.js';

export interface JournalOffers {
  /** The status line while an offer, its question or a restore is up; else null. */
  message: string | null;
  /** Opens a playlist; one whose moves wait in a journal opens with them restored. */
  open(playlist: SimplifiedPlaylist): void;
}

type Mode = 'offer' | 'confirmDiscard' | 'restoring';

/**
 * Unsaved moves an earlier run left (killed, crashed, quit during a save), offered one journal at a time:
 * `s` restores them on the playlist as it is now and saves them at once (the playlist opens, the save shows
 * its progress), `d` discards them after asking, Esc leaves them for later (the file stays; opening the
 * playlist restores them). While an offer is up it takes every key but Ctrl+C. Journals set aside as unreadable are
 * named once the offers are answered.
 */
export function useJournalOffers(api: Api, onOpen: (playlist: SimplifiedPlaylist) => void, showNotice: (message: string) => void): JournalOffers {
  const { journals } = useServices();
  const [queue, setQueue] = useState<readonly Journal[]>(() => journals?.leftOver ?? []);
  const [mode, setMode] = useState<Mode>('offer');
  const [restoring, setRestoring] = useState<Journal | null>(null);
  const latest = useRef({ onOpen, showNotice });
  latest.current = { onOpen, showNotice };
  const current = queue[0] ?? null;
  const next = useCallback(() => {
    setQueue((previous) => previous.slice(1));
    setMode('offer');
  }, []);

  const restore = useCallback(
    (journal: Journal, saveAtOnce: boolean, then: () => void) => {
      setRestoring(journal);
      restoreJournal(api, journal, saveAtOnce).then(
        ({ playlist, resumed }) => {
          journals?.handOver(journal, resumed);
          latest.current.onOpen(playlist);
        },
        (error: unknown) =>
          latest.current.showNotice(`unsaved changes in ${journal.playlistName} not restored: ${(error as Error).message} — kept for later`),
      ).finally(() => {
        setRestoring(null);
        then();
      });
    },
    [api, journals],
  );

  const hasOffers = current !== null;
  const [isSetAsideShown, setSetAsideShown] = useState(false);
  useEffect(() => {
    if (hasOffers || isSetAsideShown || journals === null || journals.setAside.length === 0) return;
    setSetAsideShown(true);
    latest.current.showNotice(setAsideText(journals.setAside));
  }, [hasOffers, isSetAsideShown, journals]);

  const handlers: CommandHandlers<OfferCommand> = {
    save: () => {
      if (current === null) return;
      setMode('restoring');
      restore(current, true, next);
    },
    discard: () => setMode('confirmDiscard'),
    later: () => next(),
  };
  useKeyLayer(
    KEY_LAYER.prompt,
    (input, key) => {
      if (current === null || journals === null) return false;
      // Ctrl+C still quits; the journals stay for the next start.
      if (key.ctrl && input === 'c') return false;
      if (mode === 'confirmDiscard') {
        const answer = input.toLowerCase();
        if (answer === 'y') {
          try {
            journals.discard(current.playlistId, current);
          } catch (error) {
            latest.current.showNotice(`unsaved changes not discarded: ${(error as Error).message}`);
          }
          next();
        } else if (answer === 'n' || key.escape) setMode('offer');
      } else {
        // The answers are the table's (fixed: the offer names them); any other key waits for one.
        const command = commandFor(OFFER_KEYMAP, input, key, DEFAULT_BINDINGS);
        if (command !== null) runCommand(handlers, command);
      }
      return true;
    },
    { isActive: current !== null && mode !== 'restoring' },
  );

  const open = useCallback(
    (playlist: SimplifiedPlaylist) => {
      const waiting = journals?.waitingFor(playlist.id) ?? null;
      if (waiting === null) latest.current.onOpen(playlist);
      else restore(waiting, false, () => {});
    },
    [journals, restore],
  );

  let message: string | null = null;
  if (restoring !== null) message = `restoring the unsaved changes in ${restoring.playlistName}…`;
  else if (current !== null) {
    message = mode === 'confirmDiscard' ? `Discard ${journalNotice(current)}? y discards them, n keeps them` : offerText(current);
  }
  return { message, open };
}
