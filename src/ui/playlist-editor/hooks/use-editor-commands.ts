import { useMemo, useRef } from 'react';
import type { ListFilter } from '../../list/use-list-filter.js';
import type { ItemsCommand } from '../../keys/keymap.js';
import type { ArrangementAction } from '../model/arrangement.js';
import { filteredWindow } from '../model/edit.js';
import type { EditStore } from '../edit-store.js';
import { stepMessage, FILTERED_MOVE_REFUSAL } from '../model/messages.js';
import type { FilteredRows } from './use-filtered-rows.js';
import type { SaveLoop } from '../save-loop.js';
import type { StatusLine } from './use-status-line.js';
import type { EditorChanges } from './use-editor-changes.js';
import type { EditorPrompt } from './use-editor-prompt.js';
import { moveAnywhere, moveToTyped, type AnywhereCommand, type LiftHolder } from '../move-commands.js';
import type { Lifted } from '../model/move-anywhere.js';
import { sortRefusal } from '../model/sort.js';

const ANYWHERE: ReadonlySet<string> = new Set<AnywhereCommand>(['moveToTop', 'moveToBottom', 'lift', 'dropAbove', 'dropBelow']);
const isAnywhere = (command: string): command is AnywhereCommand => ANYWHERE.has(command);

export interface EditorCommandsOptions {
  store: EditStore;
  loop: SaveLoop | null;
  /** Rows of the list window, for scrolling along with the cursor. */
  listHeight: number;
  filter: ListFilter;
  filtered: FilteredRows | null;
  status: StatusLine;
  prompt: EditorPrompt;
  /** Why this playlist cannot be reordered (read-only), or null. */
  readOnly: string | null;
  /** `D`, `A`, `N`, `R`. */
  changes: EditorChanges;
  onBack(): void;
}

interface Handlers {
  /** A key of the pane's table (null for any other key), with the count typed before it (1 for none). */
  onCommand(command: ItemsCommand | null, count: number): void;
  clearFilter(): void;
  /** Enter after `m` and a position. */
  moveToTyped(text: string): void;
  /** What is lifted; sorting refuses meanwhile. */
  lifted: LiftHolder;
}

/** What each key does in a playlist's items; reads the store afresh, as keys outrun renders. */
export function useEditorCommands(options: EditorCommandsOptions): Handlers {
  const latest = useRef(options);
  latest.current = options;
  /** 'saving' after an Esc with unsaved moves; 'failed' when that save failed (Esc again leaves without it). */
  const leaving = useRef<'no' | 'saving' | 'failed'>('no');
  const lifted = useRef<Lifted | null>(null);

  return useMemo((): Handlers => {
    /** The action done; why it was refused (its journal could not be written), else null. */
    const arrange = (action: ArrangementAction): string | null => {
      const { store, listHeight } = latest.current;
      return store.dispatch({ type: 'arrange', action, height: listHeight });
    };
    const clearFilter = (): void => {
      const { filter, filtered, store, listHeight } = latest.current;
      // The cursor stays on the match it shows (the first at or after it, after the text changed).
      const row = filtered === null ? undefined : filtered.displayRows[filteredWindow(store.getState(), filtered.displayRows, listHeight).cursor];
      filter.clear();
      if (row !== undefined) store.dispatch({ type: 'cursorTo', index: row, height: listHeight });
    };
    const save = (): void => {
      const { loop, status } = latest.current;
      if (loop === null || !loop.hasUnsaved()) status.showEdit('nothing to save');
      else void loop.saveNow();
    };
    const leave = (): void => {
      const { loop, status, onBack } = latest.current;
      if (loop === null || !loop.hasUnsaved() || leaving.current === 'failed') return onBack();
      if (leaving.current === 'saving') return;
      leaving.current = 'saving';
      status.showEdit('saving before going back…');
      void loop.saveNow().then((result) => {
        // A key pressed meanwhile means the user stays after all.
        if (leaving.current !== 'saving') return;
        if (result.isSaved) return latest.current.onBack();
        leaving.current = 'failed';
        latest.current.status.showEdit(`save failed: ${result.reason} — Esc again leaves without saving`);
      });
    };
    const step = (command: 'moveUp' | 'moveDown' | 'undo' | 'redo', count: number): void => {
      const { store, status } = latest.current;
      const before = store.getState().arrangement;
      status.showEdit(arrange({ type: command, count }) ?? stepMessage(command, before, store.getState().arrangement));
    };
    const onCommand = (command: ItemsCommand | null, count: number): void => {
      const { store, filter, filtered, status, listHeight } = latest.current;
      // Anything but Esc after a failed "save and go back" means the user stays: the next Esc saves again.
      if (command?.type !== 'back') leaving.current = 'no';
      if (command === null || command.type === 'open' || command.type === 'play' || command.type === 'queue') return;
      if (command.type === 'remove' || command.type === 'addToPlaylist' || command.type === 'createPlaylist' || command.type === 'renamePlaylist') {
        return latest.current.changes.onCommand(command.type);
      }
      if (command.type === 'reorder' && latest.current.readOnly !== null) return status.showEdit(latest.current.readOnly);
      if (command.type === 'cursor') {
        if (filtered !== null) store.dispatch({ type: 'filteredCursor', action: command.action, rows: filtered.displayRows, height: listHeight, count });
        else store.dispatch({ type: 'cursor', action: command.action, height: listHeight, count });
      } else if (command.type === 'filter') filter.open();
      else if (command.type === 'back') {
        if (filter.isOn) clearFilter();
        else if (lifted.current !== null) {
          lifted.current = null;
          status.showEdit('put back where it was');
        }
        else if (store.getState().arrangement.mark !== null) arrange({ type: 'clearMark' });
        else leave();
      } else if (filter.isOn) status.showEdit(FILTERED_MOVE_REFUSAL);
      else if (command.command === 'toggleMark') arrange({ type: 'toggleMark' });
      else if (command.command === 'save') save();
      else if (command.command === 'moveToPosition') latest.current.prompt.openPosition();
      else if (command.command === 'sort') {
        const refusal = sortRefusal({ isFiltered: false, isMarked: store.getState().arrangement.mark !== null, isLifted: lifted.current !== null });
        if (refusal === null) latest.current.prompt.openSortMenu();
        else status.showEdit(refusal);
      } else if (isAnywhere(command.command)) status.showEdit(moveAnywhere(store, listHeight, command.command, lifted));
      else step(command.command, count);
    };
    const moveTyped = (text: string): void => {
      const { store, listHeight, status } = latest.current;
      status.showEdit(moveToTyped(store, listHeight, text));
    };
    return { onCommand, clearFilter, moveToTyped: moveTyped, lifted };
  }, []);
}
