import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { PageRequest } from '../../api/api.js';
import type { Paging } from '../../api/types.js';
import type { DetailsTarget } from '../details-target.js';
import { itemAt } from '../state/sparse-list.js';
import { useListCursor } from './use-list-cursor.js';
import { useListFilter, type ListFilter } from './use-list-filter.js';
import { useListKeys, type ListCommand, type ReorderCommand } from './use-list-keys.js';
import { usePagedList, usePagesAround } from './use-paged-list.js';

export const FILTERED_REORDER_REFUSAL =
  "Can't move items while a filter is on: positions in a filtered view would lie. Esc clears the filter.";

const identity = (index: number): number => index;

export interface LibraryListOptions<T> {
  /** Names the collection; a new key starts over. */
  sourceKey: string;
  /** What the items are, for messages ("playlists"). */
  label: string;
  fetchPage(page: PageRequest, signal: AbortSignal): Promise<Paging<T>>;
  totalHint?: number;
  /** The row text of an item at its base index, fitted to `width` (memoise it per item). */
  formatRow(item: T, baseIndex: number, width: number): string;
  /** Lower-cased text the filter searches (memoise it per item). */
  matchText(item: T): string;
  toTarget(item: T): DetailsTarget | null;
  /** Display index -> base index (the order the service has); identity until a view reorders rows. */
  baseIndexAt?(displayIndex: number): number;
  isFocused: boolean;
  /** Rows for the list, the filter line included while a filter is on. */
  height: number;
  /** Columns a row's text may take. */
  width: number;
  onSelect(target: DetailsTarget | null): void;
  onStatus(message: string | null): void;
  onCaptureInput(isCapturing: boolean): void;
  onOpen?(item: T, baseIndex: number): void;
  onBack?(): void;
  /** Given, the reorder keys reach it (refused while a filter is on). */
  onReorder?(command: ReorderCommand): void;
}

export interface LibraryList {
  /** Items in the collection; null before the first page. */
  total: number | null;
  /** Why the first page failed, while nothing is loaded. */
  firstError: string | null;
  /** Rows shown: the total, or the matches of the filter. */
  length: number;
  cursor: number;
  top: number;
  /** Rows of the list window (the filter line takes one while a filter is on). */
  listHeight: number;
  /** Row text at a display index, null while its page has not arrived. */
  rowText(displayIndex: number): string | null;
  filter: ListFilter;
  /** Changes the filter text, the cursor going to the first match. */
  changeFilter(text: string): void;
  /** Drops the filter, the cursor staying on the item it was on. */
  clearFilter(): void;
}

/**
 * Everything a library pane does besides drawing: pages loaded around the window, cursor, `/` filter,
 * keys, and telling the app what is selected. Each pane supplies its fetch and its row format.
 */
export function useLibraryList<T>(options: LibraryListOptions<T>): LibraryList {
  const { isFocused, height, width, formatRow, matchText, toTarget, baseIndexAt = identity } = options;
  const callbacks = useRef(options);
  callbacks.current = options;

  const paged = usePagedList<T>(options);
  const { list } = paged;
  const filter = useListFilter(list, matchText);
  const total = list === null ? null : list.total;
  const length = filter.matches === null ? (total ?? 0) : filter.matches.length;
  const listHeight = Math.max(1, filter.isOn ? height - 1 : height);
  const cursor = useListCursor(length, listHeight);

  const toBase = useCallback(
    (displayIndex: number) => (filter.matches === null ? baseIndexAt(displayIndex) : filter.matches[displayIndex] ?? -1),
    [filter.matches, baseIndexAt],
  );
  usePagesAround(paged, {
    top: Math.max(0, toBase(cursor.top)),
    height: listHeight,
    anchor: Math.max(0, toBase(cursor.cursor)),
    isFocused,
  });

  const item = list === null ? undefined : itemAt(list, toBase(cursor.cursor));
  const target = useMemo(() => (item === undefined ? null : toTarget(item)), [item, toTarget]);
  useEffect(() => {
    if (isFocused) callbacks.current.onSelect(target);
  }, [target, isFocused]);

  useEffect(() => {
    if (!filter.isEditing) return;
    callbacks.current.onCaptureInput(true);
    return () => callbacks.current.onCaptureInput(false);
  }, [filter.isEditing]);

  const handleCommand = (command: ListCommand): void => {
    const { onOpen, onBack, onReorder, onStatus } = callbacks.current;
    switch (command.type) {
      case 'cursor':
        return cursor.move(command.action);
      case 'open':
        if (item !== undefined) onOpen?.(item, toBase(cursor.cursor));
        return;
      case 'back':
        return filter.isOn ? clearFilter() : onBack?.();
      case 'filter':
        return filter.open();
      case 'reorder':
        return filter.isOn ? onStatus(FILTERED_REORDER_REFUSAL) : onReorder?.(command.command);
    }
  };
  useListKeys({
    isActive: isFocused && !filter.isEditing,
    canReorder: options.onReorder !== undefined,
    onCommand: handleCommand,
  });

  const rowText = (displayIndex: number): string | null => {
    const baseIndex = toBase(displayIndex);
    const row = list === null ? undefined : itemAt(list, baseIndex);
    return row === undefined ? null : formatRow(row, baseIndex, width);
  };
  const changeFilter = (text: string): void => {
    filter.change(text);
    cursor.moveTo(0);
  };
  // Back to the whole list, the cursor staying on the item it was on.
  const clearFilter = (): void => {
    filter.clear();
    cursor.moveTo(Math.max(0, toBase(cursor.cursor)), total ?? 0);
  };
  return { total, firstError: paged.firstError, length, cursor: cursor.cursor, top: cursor.top, listHeight, rowText, filter, changeFilter, clearFilter };
}
