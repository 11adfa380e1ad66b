import { useContext, useEffect, useRef, useState } from 'react';
import { SaveBudgetContext } from '../save-budget.js';
import { useApi } from '../../api-context.js';
import type { UnsavedMoves } from './use-quit-prompt.js';
import type { EditStore } from '../edit-store.js';
import { SaveLoop } from '../save-loop.js';

export interface SaveLoopOptions {
  playlistId: string;
  store: EditStore;
  onStatus(message: string): void;
  /** While moves are unsaved, how to save them (for quitting); null once all is saved. */
  onUnsaved?(moves: UnsavedMoves | null): void;
  /** The question before a long save: resolves to whether to go on. */
  confirm(question: string): Promise<boolean>;
  /** Moves restored from a journal that the user chose to save: the save starts at once. */
  saveAtOnce?: boolean;
  /** The moves are thrown away on quitting: their journal goes. */
  discard?(): void;
}

/** The playlist's save loop for as long as the pane is mounted; null until its first effect ran. */
export function useSaveLoop(options: SaveLoopOptions): SaveLoop | null {
  const api = useApi();
  const budget = useContext(SaveBudgetContext);
  const { playlistId, store } = options;
  const latest = useRef(options);
  latest.current = options;
  const [loop, setLoop] = useState<SaveLoop | null>(null);
  useEffect(() => {
    const saveLoop: SaveLoop = new SaveLoop({
      api,
      playlistId,
      store,
      budget,
      saveAtOnce: latest.current.saveAtOnce,
      confirm: (question) => latest.current.confirm(question),
      onStatus: (message) => latest.current.onStatus(message),
      onUnsavedChange: (hasUnsaved) =>
        latest.current.onUnsaved?.(hasUnsaved ? { save: () => saveLoop.saveNow(), discard: () => latest.current.discard?.() } : null),
    });
    setLoop(saveLoop);
    return () => {
      saveLoop.close();
      latest.current.onUnsaved?.(null);
    };
  }, [api, playlistId, store, budget]);
  return loop;
}
