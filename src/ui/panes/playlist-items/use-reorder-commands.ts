import { useMemo, useRef } from 'react';
import { FOCUS_ORDER, type FocusTarget } from '../../focus.js';
import type { ListCursor } from '../../hooks/use-list-cursor.js';
import type { ListFilter } from '../../hooks/use-list-filter.js';
import type { ListCommand } from '../../hooks/use-list-keys.js';
import type { ReorderKeysOptions } from '../../hooks/use-reorder-keys.js';
import { pendingCount, type ReorderAction } from '../../state/reorder.js';
import type { ReorderStore } from './reorder-store.js';
import { reorderMessage, FILTERED_REORDER_REFUSAL } from './reorder-messages.js';
import type { FilteredRows } from './filtered-rows.js';
import type { SaveLoop } from './save-loop.js';
import type { StatusLine } from './use-status-line.js';

export interface ReorderCommandsOptions {
  store: ReorderStore;
  loop: SaveLoop | null;
  /** Rows of the list window, for scrolling along with the cursor. */
  listHeight: number;
  filter: ListFilter;
  filterCursor: ListCursor;
  filtered: FilteredRows | null;
  status: StatusLine;
  onBack(): void;
  onJump?(target: FocusTarget): void;
}

type Handlers = Pick<ReorderKeysOptions, 'onDigit' | 'onCommand' | 'onLoneDigit'> & { clearFilter(): void };

/** What each key does in a playlist's items; reads the store afresh, as keys outrun renders. */
export function useReorderCommands(options: ReorderCommandsOptions): Handlers {
  const latest = useRef(options);
  latest.current = options;
  /** 'saving' after an Esc with unsaved moves; 'failed' when that save failed (Esc again leaves without it). */
  const leaving = useRef<'no' | 'saving' | 'failed'>('no');

  return useMemo((): Handlers => {
    const reorder = (action: ReorderAction): void => {
      const { store, listHeight } = latest.current;
      store.dispatch({ type: 'reorder', action, height: listHeight });
    };
    const clearCount = (): void => latest.current.store.dispatch({ type: 'clearCount' });
    const clearFilter = (): void => {
      const { filter, filterCursor, filtered, store, listHeight } = latest.current;
      const position = filtered?.rows[filterCursor.cursor];
      filter.clear();
      if (position !== undefined) store.dispatch({ type: 'cursorTo', index: filtered!.rowOf[position]!, height: listHeight });
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
    const step = (command: 'moveUp' | 'moveDown' | 'undo' | 'redo'): void => {
      const { store, status } = latest.current;
      const before = store.getState().reorder;
      reorder({ type: command });
      status.showReorder(reorderMessage(command, before, store.getState().reorder));
    };
    const onCommand = (command: ListCommand | null): void => {
      const { store, filter, filterCursor, status, listHeight } = latest.current;
      const count = pendingCount(store.getState().reorder);
      // Anything but Esc after a failed "save and go back" means the user stays: the next Esc saves again.
      if (command?.type !== 'back') leaving.current = 'no';
      // The filtered view's cursor is not the store's: it takes the count here.
      if (!takesCount(command, filter.isOn) || filter.isOn) clearCount();
      if (command === null || command.type === 'open') return;
      if (command.type === 'cursor') {
        if (filter.isOn) filterCursor.move(command.action, count);
        else store.dispatch({ type: 'cursor', action: command.action, height: listHeight });
      } else if (command.type === 'filter') filter.open();
      else if (command.type === 'back') {
        if (filter.isOn) clearFilter();
        else if (store.getState().reorder.mark !== null) reorder({ type: 'clearMark' });
        else leave();
      } else if (filter.isOn) status.showReorder(FILTERED_REORDER_REFUSAL);
      else if (command.command === 'toggleMark') reorder({ type: 'toggleMark' });
      else if (command.command === 'save') save();
      else step(command.command);
    };
    return {
      onCommand,
      clearFilter,
      onDigit: (digit) => reorder({ type: 'digit', digit }),
      onLoneDigit: (digit) => {
        clearCount();
        const target = FOCUS_ORDER[Number(digit) - 1];
        if (target !== undefined) latest.current.onJump?.(target);
      },
    };
  }, []);
}

/** Commands that take the typed count (`5j`, `20K`, `3u`); any other key drops it. */
function takesCount(command: ListCommand | null, isFiltered: boolean): boolean {
  if (command === null) return false;
  if (command.type === 'cursor') return true;
  return command.type === 'reorder' && !isFiltered && command.command !== 'save';
}
