import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Api } from '../../../api/api.js';
import type { SimplifiedPlaylist } from '../../../api/types.js';
import { DEFAULT_BINDINGS } from '../../../keys/bindings.js';
import { commandFor, OFFER_KEYMAP, runCommand, type CommandHandlers, type OfferCommand } from '../../keys/keymap.js';
import { restoreJournal } from '../restore-journal.js';
import { journalNotice, type Journal } from '../model/journal.js';
import { offerText, setAsideText } from '../journal-offer-text.js';
import { useServices } from '../../context/app-services.js';
import { useStatusQuestion } from '../../prompt/use-prompt.js';

export { offerText } from '../journal-offer-text.js';

export interface JournalOffers {
  /** The status line while a restore runs; else null (the offers are the dashboard's question). */
  restoring: string | null;
  /** Opens a playlist; one whose moves wait in a journal opens with them restored. */
  open(playlist: SimplifiedPlaylist): void;
}

/**
 * Unsaved moves an earlier run left (killed, crashed, quit during a save), offered one journal at a time:
 * `s` restores them on the playlist as it is now and saves them at once (the playlist opens, the save shows
 * its progress), `d` discards them after asking, Esc leaves them for later (the file stays; opening the
 * playlist restores them). Journals set aside as unreadable are
 * named once the offers are answered.
 */
export function useJournalOffers(api: Api, onOpen: (playlist: SimplifiedPlaylist) => void, showNotice: (message: string) => void): JournalOffers {
  const { journals } = useServices();
  const [queue, setQueue] = useState<readonly Journal[]>(() => journals?.leftOver ?? []);
  const [restoring, setRestoring] = useState<Journal | null>(null);
  const latest = useRef({ onOpen, showNotice });
  latest.current = { onOpen, showNotice };
  const current = queue[0] ?? null;
  const next = useCallback(() => setQueue((previous) => previous.slice(1)), []);

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

  // Each journal is offered as it comes first; `d` asks before it discards, `n` offers it again.
  const { ask } = useStatusQuestion();
  useLayoutEffect(() => {
    if (current === null || journals === null) return;
    const discard = (): void => {
      try {
        journals.discard(current.playlistId, current);
      } catch (error) {
        latest.current.showNotice(`unsaved changes not discarded: ${(error as Error).message}`);
      }
      next();
    };
    const handlers: CommandHandlers<OfferCommand> = {
      save: () => restore(current, true, next),
      discard: () =>
        ask({ kind: 'yesNo', text: `Discard ${journalNotice(current)}? y discards them, n keeps them`, onAnswer: (yes) => (yes ? discard() : offer()), onCancel: offer }),
      later: () => next(),
    };
    // The answers are the table's (fixed: the offer names them); any other key waits for one.
    const offer = (): void =>
      ask({
        kind: 'letter',
        text: offerText(current),
        answerOf: (input, key) => {
          const command = commandFor(OFFER_KEYMAP, input, key, DEFAULT_BINDINGS);
          return command === null ? null : () => runCommand(handlers, command);
        },
      });
    offer();
  }, [current, journals, ask, next, restore]);

  const open = useCallback(
    (playlist: SimplifiedPlaylist) => {
      const waiting = journals?.waitingFor(playlist.id) ?? null;
      if (waiting === null) latest.current.onOpen(playlist);
      else restore(waiting, false, () => {});
    },
    [journals, restore],
  );

  return { restoring: restoring === null ? null : `restoring the unsaved changes in ${restoring.playlistName}…`, open };
}
