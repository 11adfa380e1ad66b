import { useCallback, useMemo, useRef } from 'react';
import { itemAt } from '../state/sparse-list.js';
import type { LibraryList, LibraryListOptions } from './library-list-types.js';
import { useListCursor } from './use-list-cursor.js';
import { useListFilter } from './use-list-filter.js';
import { useListMarks } from './use-list-marks.js';
import { KEY_LAYER } from '../keys/key-layers.js';
import { useKeyBindings } from '../context/bindings-context.js';
import { commandFor, LIST_KEYMAP, runCommand, type CommandHandlers, type ListCommand } from '../keys/keymap.js';
import { useQueue } from '../context/queue-context.js';
import { useServices } from '../context/app-services.js';
import { addSourceOfTarget } from '../add-source.js';
import { useKeyLayer } from '../keys/use-key-layer.js';
import { useListPointer } from '../context/use-list-pointer.js';
import { usePagedList, usePagesAround } from './use-paged-list.js';

export type { LibraryList, LibraryListOptions } from './library-list-types.js';

/**
 * Everything a library pane does besides drawing: pages loaded around the window, cursor, `/` filter,
 * keys, and the item under the cursor for the details. Each pane supplies its fetch and its row format.
 */
export function useLibraryList<T>(options: LibraryListOptions<T>): LibraryList {
  const { isFocused, height, width, formatRow, matchText, toTarget } = options;
  const callbacks = useRef(options);
  callbacks.current = options;

  const paged = usePagedList<T>(options);
  const { list } = paged;
  const filter = useListFilter(list, matchText);
  const total = list === null ? null : list.total;
  const length = filter.matches === null ? (total ?? 0) : filter.matches.length;
  const listHeight = Math.max(1, filter.isOn ? height - 1 : height);
  const cursor = useListCursor(length, listHeight, total !== null);

  const toBase = useCallback(
    (displayIndex: number) => (filter.matches === null ? displayIndex : filter.matches[displayIndex] ?? -1),
    [filter.matches],
  );
  usePagesAround(paged, {
    top: Math.max(0, toBase(cursor.top)),
    height: listHeight,
    anchor: Math.max(0, toBase(cursor.cursor)),
    isFocused: isFocused && options.refreshes !== false,
    mayLetGo: !filter.isOn,
  });

  const item = list === null ? undefined : itemAt(list, toBase(cursor.cursor));
  // One target object per item, so that the details see "unchanged" when only other rows changed.
  const target = useMemo(() => (item === undefined ? null : toTarget(item)), [item, toTarget]);

  const queue = useQueue();
  const playlists = useServices().editor?.actions ?? null;
  const handlers: CommandHandlers<ListCommand> = {
    cursor: ({ action }) => cursor.move(action),
    open: () => {
      if (item !== undefined) callbacks.current.onOpen?.(item, toBase(cursor.cursor));
    },
    play: () => {
      if (item !== undefined) callbacks.current.onPlay?.(item, toBase(cursor.cursor));
    },
    back: () => (filter.isOn ? clearFilter() : callbacks.current.onBack?.()),
    filter: () => filter.open(),
    queue: () => queue?.add(target),
    addToPlaylist: () => playlists?.add(item === undefined ? null : (callbacks.current.toAdd?.(item) ?? addSourceOfTarget(target))),
    createPlaylist: () => playlists?.create(),
    renamePlaylist: () => playlists?.rename(target?.kind === 'playlist' ? target.playlist : null),
  };
  const bindings = useKeyBindings();
  useKeyLayer(
    KEY_LAYER.pane,
    (input, key) => {
      const command = commandFor(LIST_KEYMAP, input, key, bindings);
      if (command !== null) runCommand(handlers, command);
      return command !== null;
    },
    { isActive: isFocused },
  );

  useListPointer(isFocused, {
    top: cursor.top,
    length,
    rowsAbove: filter.isOn ? 1 : 0,
    cursorTo: (index) => cursor.moveTo(index),
    open: (index) => {
      const opened = list === null ? undefined : itemAt(list, toBase(index));
      cursor.moveTo(index);
      if (opened !== undefined) callbacks.current.onOpen?.(opened, toBase(index));
    },
    scroll: (rows) => cursor.moveTo(Math.max(0, Math.min(length - 1, cursor.cursor + rows))),
  });

  const rowMark = useListMarks(options, list, { top: cursor.top, height: listHeight, length }, toBase);

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
  const { firstError } = paged;
  return {
    total, firstError, target, length, cursor: cursor.cursor, top: cursor.top, listHeight, rowText, rowMark, isLibrary: options.isLibrary,
    filter, changeFilter, clearFilter,
  };
}
