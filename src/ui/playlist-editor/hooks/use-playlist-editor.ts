import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useApi } from '../../context/api-context.js';
import { useUserId } from '../../hooks/use-user-id.js';
import { canEdit, readOnlyText } from '../model/access.js';
import type { SortChoice } from '../model/sort.js';
import { runSort } from '../sort-runner.js';
import { useEditorPrompt } from './use-editor-prompt.js';
import type { PlaylistItem, SimplifiedPlaylist } from '../../../api/types.js';
import { targetOfPlaylistItem } from '../../details-target.js';
import type { LibraryList } from '../../list/library-list-types.js';
import { PAGE_SIZE } from '../../list/page-loader.js';
import { useListFilter } from '../../list/use-list-filter.js';
import { useKeyLayer } from '../../keys/use-key-layer.js';
import { useListPointer } from '../../context/use-list-pointer.js';
import { KEY_LAYER } from '../../keys/key-layers.js';
import { useKeyBindings } from '../../context/bindings-context.js';
import { commandFor, ITEMS_KEYMAP } from '../../keys/keymap.js';
import { useQueue } from '../../context/queue-context.js';
import { setCursor } from '../../state/list-cursor.js';
import { entryAt, filteredWindow } from '../model/edit.js';
import { selectedRange } from '../model/arrangement.js';
import { withPage } from '../../state/sparse-list.js';
import { isUnavailableLine, playlistItemMatch } from '../../sections/library-rows.js';
import { useEditSession } from './use-edit-session.js';
import { useFilteredRows } from './use-filtered-rows.js';
import { formatItemRow } from '../item-row.js';
import { useEditorCommands } from './use-editor-commands.js';
import { useEditPages } from './use-edit-pages.js';
import { useEditorChanges } from './use-editor-changes.js';
import { usePlaylistWatch } from './use-playlist-watch.js';
import { useStatusLine } from './use-status-line.js';

export interface PlaylistEditorOptions {
  playlist: SimplifiedPlaylist;
  isFocused: boolean;
  /** On screen, focused or not (by default: while focused): changes made elsewhere are looked for meanwhile. */
  isShown?: boolean;
  /** Rows for the list, the filter line included while a filter is on. */
  height: number;
  /** Columns a row's text may take. */
  width: number;
  onBack(): void;
  /** One line for the status bar; null clears it. */
  onStatus(message: string | null): void;
  /** Enter: the entry under the cursor and its place; `P` (null): the whole playlist. */
  onPlay?(at: { entry: PlaylistItem; position: number } | null): void;
}

export interface PlaylistEditorView {
  list: LibraryList;
  /** Typed count ('' for none), for the title. */
  count: string;
  /** The user can neither own nor collaborate on the playlist: the reorder keys only say why. */
  isReadOnly: boolean;
  /** Rows in the marked range, 0 when nothing is marked. */
  markedCount: number;
}

/**
 * Everything the playlist editor does besides drawing: the pages its rows need, the moves, the `/`
 * filter, the keys, the save loop, and the entry under the cursor for the details.
 */
export function usePlaylistEditor(options: PlaylistEditorOptions): PlaylistEditorView {
  const { playlist, isFocused, height, width } = options;
  const status = useStatusLine(options.onStatus);
  const ask = useRef<(question: string) => Promise<boolean>>(() => Promise.resolve(false));
  const session = useEditSession(playlist, { onStatus: status.showEdit, confirm: (question) => ask.current(question) });
  const { store, loop } = session;
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const { arrangement, list, added } = state;

  usePlaylistWatch({ playlistId: playlist.id, store, loop, isShown: options.isShown ?? isFocused, onStatus: status.showEdit });

  // The filter searches the entries added since the base too: they are a page after the base's.
  const searchable = useMemo(() => (added.length === 0 ? list : withPage(list, list.total, added, list.total + added.length)), [list, added]);
  const filter = useListFilter(searchable, playlistItemMatch);
  const filtered = useFilteredRows(arrangement.order, filter.matches, searchable.total);
  const listHeight = Math.max(1, filter.isOn ? height - 1 : height);
  session.height = listHeight;
  const whole = setCursor({ cursor: arrangement.cursor, top: state.top }, arrangement.cursor, arrangement.order.length, listHeight);
  // One cursor: while a filter is on it stops only on the matches, and the window is over them.
  const view = filtered === null ? whole : filteredWindow(state, filtered.displayRows, listHeight);
  const firstError = useEditPages({
    playlistId: playlist.id, store, state, top: whole.top, height: listHeight, isFocused, isFilterOn: filter.isOn,
    onStatus: status.showLoad,
  });

  const api = useApi();
  const userId = useUserId();
  const readOnly = userId !== null && !canEdit(playlist, userId) ? readOnlyText(playlist) : null;
  const sorting = useRef<AbortController | null>(null);
  useEffect(() => () => sorting.current?.abort(), []);
  const sort = (choice: SortChoice): void => {
    if (sorting.current !== null) return status.showEdit('a sort is loading already');
    const controller = new AbortController();
    sorting.current = controller;
    const run = { api, playlistId: playlist.id, store, choice, height: listHeight, onStatus: status.showEdit, signal: controller.signal };
    void runSort(run)
      .then(status.showEdit, (error: unknown) => controller.signal.aborted || status.showEdit(`sort failed: ${(error as Error).message}`))
      .finally(() => (sorting.current = null));
  };
  const changes = useEditorChanges({ playlist, session, listHeight, isFilterOn: filter.isOn, status, readOnly, ask: (question) => ask.current(question) });
  const prompt = useEditorPrompt({
    isFocused,
    onStatus: status.showEdit,
    onPosition: (text) => commands.moveToTyped(text),
    onSort: sort,
    onDedupe: changes.dedupe,
  });
  ask.current = prompt.ask;
  const commands = useEditorCommands({
    store, loop, listHeight, filter, filtered, status, prompt, readOnly, changes, onBack: options.onBack,
  });
  const bindings = useKeyBindings();
  const queue = useQueue();
  const count = useKeyLayer(
    KEY_LAYER.pane,
    (input, key, typed) => {
      const command = commandFor(ITEMS_KEYMAP, input, key, bindings);
      if (command?.type === 'open' || command?.type === 'play') {
        options.onPlay?.(command.type === 'open' ? playAt(cursor) : null);
        return true;
      }
      if (command?.type === 'queue') {
        queue?.add(target);
        return true;
      }
      commands.onCommand(command, typed);
      return command !== null;
    },
    { isActive: isFocused, takesCounts: true },
  );

  const positionAt = (row: number): number => (filtered === null ? (arrangement.order[row] ?? -1) : (filtered.rows[row] ?? -1));
  const { cursor } = view;
  const item: PlaylistItem | undefined = entryAt(state, positionAt(cursor));
  const target = useMemo(() => (item === undefined ? null : targetOfPlaylistItem(item)), [item]);

  /** The entry under the cursor and its place in the playlist's order, for Enter. */
  const playAt = (row: number): { entry: PlaylistItem; position: number } | null => {
    const entry = entryAt(state, positionAt(row));
    if (entry === undefined) return null;
    return { entry, position: filtered === null ? row : filtered.rowOf[positionAt(row)]! };
  };

  const marked = arrangement.mark === null || filtered !== null ? null : selectedRange(arrangement);
  const positionWidth = String(Math.max(1, arrangement.order.length)).length;
  const rowText = (row: number): string | null => {
    const ref = positionAt(row);
    const entry = entryAt(state, ref);
    if (entry === undefined) return null;
    const place = filtered === null ? row : filtered.rowOf[ref]!;
    const isMarked = marked !== null && row >= marked.start && row < marked.end;
    return formatItemRow(entry, place, isMarked ? 'marked' : ref >= list.total ? 'added' : 'plain', positionWidth, width);
  };
  const rowMuted = (row: number): boolean => {
    const entry = entryAt(state, positionAt(row));
    return entry !== undefined && isUnavailableLine(entry);
  };
  const changeFilter = (text: string): void => {
    filter.change(text);
    store.dispatch({ type: 'filterChanged', height: listHeight });
  };
  const length = filtered === null ? arrangement.order.length : filtered.rows.length;
  const cursorTo = (row: number): void => {
    const index = Math.max(0, Math.min(length - 1, row));
    if (filtered !== null) store.dispatch({ type: 'filteredCursorTo', index, rows: filtered.displayRows, height: listHeight });
    else store.dispatch({ type: 'cursorTo', index, height: listHeight });
  };
  // Enter does nothing on an item yet, so neither does a double-click.
  useListPointer(isFocused, {
    top: view.top,
    length,
    rowsAbove: filter.isOn ? 1 : 0,
    cursorTo,
    open: cursorTo,
    scroll: (rows) => cursorTo(cursor + rows),
  });
  return {
    list: {
      total: arrangement.order.length,
      firstError,
      target,
      length,
      cursor,
      top: view.top,
      listHeight,
      rowText,
      rowMuted,
      filter,
      changeFilter,
      clearFilter: commands.clearFilter,
    },
    count,
    isReadOnly: readOnly !== null,
    markedCount: marked === null ? 0 : marked.end - marked.start,
  };
}
