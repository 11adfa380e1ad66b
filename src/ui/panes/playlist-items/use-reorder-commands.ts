import { useMemo, useRef } from 'react';
import type { ListFilter } from '../../hooks/use-list-filter.js';
import type { ItemsCommand } from '../../keys/keymap.js';
import type { ReorderAction } from '../../state/reorder.js';
import { filteredWindow } from '../../state/playlist-reorder.js';
import type { ReorderStore } from './reorder-store.js';
import { reorderMessage, FILTERED_REORDER_REFUSAL } from './reorder-messages.js';
import type { FilteredRows } from './filtered-rows.js';
import type { SaveLoop } from './save-loop.js';
import type { StatusLine } from './use-status-line.js';
import type { ReorderPrompt } from './use-reorder-prompt.js';
import { moveAnywhere, moveToTyped, type AnywhereCommand, type LiftHolder } from './move-anywhere.js';
import type { Lifted } from '../../state/reorder-move.js';
import { sortRefusal } from '../../state/reorder-sort.js';

const ANYWHERE: ReadonlySet<string> = new Set<AnywhereCommand>(['moveToTop', 'moveToBottom', 'lift', 'dropAbove', 'dropBelow']);
const isAnywhere = (command: string): command is AnywhereCommand => ANYWHERE.has(command);

export interface ReorderCommandsOptions {
  store: ReorderStore;
  loop: SaveLoop | null;
  /** Rows of the list window, for scrolling along with the cursor. */
  listHeight: number;
  filter: ListFilter;
  filtered: FilteredRows | null;
  status: StatusLine;
  prompt: ReorderPrompt;
  /** Why this playlist cannot be reordered (read-only), or null. */
  readOnly: string | null;
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
export function useReorderCommands(options: ReorderCommandsOptions): Handlers {
  const latest = useRef(options);
  latest.current = options;
  /** 'saving' after an Esc with unsaved moves; 'failed' when that save failed (Esc again leaves without it). */
  const leaving = useRef<'no' | 'saving' | 'failed'>('no');
  const lifted = useRef<Lifted | null>(null);

  return useMemo((): Handlers => {
    const reorder = (action: ReorderAction): void => {
      const { store, listHeight } = latest.current;
      store.dispatch({ type: 'reorder', action, height: listHeight });
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
      if (loop === null || !loop.hasUnsaved()) status.showReorder('nothing to save');
      else void loop.saveNow();
    };
    const leave = (): void => {
      const { loop, status, onBack } = latest.current;
      if (loop === null || !loop.hasUnsaved() || leaving.current === 'failed') return onBack();
      if (leaving.current === 'saving') return;
      leaving.current = 'saving';
      status.showReorder('saving before going back…');
      void loop.saveNow().then((result) => {
        // A key pressed meanwhile means the user stays after all.
        if (leaving.current !== 'saving') return;
        if (result.isSaved) return latest.current.onBack();
        leaving.current = 'failed';
        latest.current.status.showReorder(`save failed: ${result.reason} — Esc again leaves without saving`);
      });
    };
    const step = (command: 'moveUp' | 'moveDown' | 'undo' | 'redo', count: number): void => {
      const { store, status } = latest.current;
      const before = store.getState().reorder;
      reorder({ type: command, count });
      status.showReorder(reorderMessage(command, before, store.getState().reorder));
    };
    const onCommand = (command: ItemsCommand | null, count: number): void => {
      const { store, filter, filtered, status, listHeight } = latest.current;
      // Anything but Esc after a failed "save and go back" means the user stays: the next Esc saves again.
      if (command?.type !== 'back') leaving.current = 'no';
      if (command === null || command.type === 'open' || command.type === 'play' || command.type === 'queue') return;
      if (command.type === 'reorder' && latest.current.readOnly !== null) return status.showReorder(latest.current.readOnly);
      if (command.type === 'cursor') {
        if (filtered !== null) store.dispatch({ type: 'filteredCursor', action: command.action, rows: filtered.displayRows, height: listHeight, count });
        else store.dispatch({ type: 'cursor', action: command.action, height: listHeight, count });
      } else if (command.type === 'filter') filter.open();
      else if (command.type === 'back') {
        if (filter.isOn) clearFilter();
        else if (lifted.current !== null) {
          lifted.current = null;
          status.showReorder('put back where it was');
        }
        else if (store.getState().reorder.mark !== null) reorder({ type: 'clearMark' });
        else leave();
      } else if (filter.isOn) status.showReorder(FILTERED_REORDER_REFUSAL);
      else if (command.command === 'toggleMark') reorder({ type: 'toggleMark' });
      else if (command.command === 'save') save();
      else if (command.command === 'moveToPosition') latest.current.prompt.openPosition();
      else if (command.command === 'sort') {
        const refusal = sortRefusal({ isFiltered: false, isMarked: store.getState().reorder.mark !== null, isLifted: lifted.current !== null });
        if (refusal === null) latest.current.prompt.openSortMenu();
        else status.showReorder(refusal);
      } else if (isAnywhere(command.command)) status.showReorder(moveAnywhere(store, listHeight, command.command, lifted));
      else step(command.command, count);
    };
    const moveTyped = (text: string): void => {
      const { store, listHeight, status } = latest.current;
      status.showReorder(moveToTyped(store, listHeight, text));
    };
    return { onCommand, clearFilter, moveToTyped: moveTyped, lifted };
  }, []);
}
