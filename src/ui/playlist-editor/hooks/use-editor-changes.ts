import { useEffect, useMemo, useRef } from 'react';
import type { SimplifiedPlaylist } from '../../../api/types.js';
import { useApi } from '../../context/api-context.js';
import { useServices } from '../../context/app-services.js';
import { itemsToAdd, type Playable } from '../../add-source.js';
import { runDedupe } from '../dedupe-runner.js';
import type { EditSession } from '../edit-session.js';
import { selectedRange } from '../model/arrangement.js';
import { entryAt } from '../model/edit.js';
import { itemUriOf } from '../model/entry-identity.js';
import { FILTERED_REMOVE_REFUSAL, removedMessage } from '../model/messages.js';
import { isDirty } from '../model/arrangement.js';
import type { StatusLine } from './use-status-line.js';

/** The editor's keys that change more than the order: `D`, `A`, `N`, `R`, and `o u`. */
export type ChangeCommand = 'remove' | 'addToPlaylist' | 'createPlaylist' | 'renamePlaylist';

export interface EditorChangesOptions {
  playlist: SimplifiedPlaylist;
  session: EditSession;
  listHeight: number;
  isFilterOn: boolean;
  status: StatusLine;
  /** Why this playlist cannot be changed (read-only), or null. */
  readOnly: string | null;
  /** A y/n question in the status line. */
  ask(question: string): Promise<boolean>;
}

export interface EditorChanges {
  onCommand(command: ChangeCommand): void;
  /** `o u`. */
  dedupe(): void;
}

/** Rows of the marked range, or the cursor's row. */
function selectedRows(session: EditSession): number[] {
  const { start, end } = selectedRange(session.store.getState().arrangement);
  return Array.from({ length: end - start }, (_, i) => start + i);
}

/**
 * What `D` (and Delete), `A`, `N`, `R` and `o u` do in a playlist's items; reads the store afresh, as keys
 * outrun renders. A removal shows at once and is one undo step, saved like a move; the status line says what
 * the save does about other copies of what went (loaded ones; the save finds the rest and says so too).
 */
export function useEditorChanges(options: EditorChangesOptions): EditorChanges {
  const latest = useRef(options);
  latest.current = options;
  const api = useApi();
  const actions = useServices().editor?.actions ?? null;
  const deduping = useRef<AbortController | null>(null);
  useEffect(() => () => deduping.current?.abort(), []);
  return useMemo((): EditorChanges => {
    const remove = (): void => {
      const { session, status, readOnly, isFilterOn, listHeight } = latest.current;
      if (readOnly !== null) return status.showEdit(readOnly);
      if (isFilterOn) return status.showEdit(FILTERED_REMOVE_REFUSAL);
      const edit = session.store.getState();
      const { order } = edit.arrangement;
      const rows = selectedRows(session);
      if (order.length === 0) return status.showEdit('nothing to remove: the playlist is empty');
      // Sent by URI: every entry must be known (its page loaded), as the journal must know it too.
      if (rows.some((row) => entryAt(edit, order[row]!) === undefined)) return status.showEdit('wait for those rows to load: a removal is sent by what they are');
      const gone = new Set(rows.map((row) => itemUriOf(entryAt(edit, order[row]!))));
      const kept = new Set(rows);
      let copiesKept = 0;
      order.forEach((ref, row) => !kept.has(row) && gone.has(itemUriOf(entryAt(edit, ref))) && copiesKept++);
      const refusal = session.store.dispatch({ type: 'remove', rows, height: listHeight });
      status.showEdit(refusal ?? removedMessage(rows.length, copiesKept, isDirty(session.store.getState().arrangement)));
    };
    const add = (): void => {
      const { session } = latest.current;
      const edit = session.store.getState();
      const items = selectedRows(session)
        .map((row) => entryAt(edit, edit.arrangement.order[row]!)?.track)
        .filter((item): item is Playable => item !== undefined && item !== null);
      actions?.add(items.length === 0 ? null : itemsToAdd(items));
    };
    return {
      onCommand: (command) => {
        switch (command) {
          case 'remove':
            return remove();
          case 'addToPlaylist':
            return add();
          case 'createPlaylist':
            return actions?.create();
          case 'renamePlaylist':
            return actions?.rename(latest.current.playlist);
        }
      },
      dedupe: () => {
        const { session, status, readOnly, listHeight, ask } = latest.current;
        if (readOnly !== null) return status.showEdit(readOnly);
        if (deduping.current !== null) return status.showEdit('duplicates are being looked for already');
        const controller = new AbortController();
        deduping.current = controller;
        void runDedupe({ api, session, height: listHeight, ask, onStatus: status.showEdit, signal: controller.signal })
          .then(status.showEdit, (error: unknown) => controller.signal.aborted || status.showEdit(`couldn't look for duplicates: ${(error as Error).message}`))
          .finally(() => (deduping.current = null));
      },
    };
  }, [api, actions]);
}
