import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { formatCount } from '../format.js';
import { useSearch } from './use-search.js';
import { LIKED_MARK, likeableOf } from '../liked/likeable.js';
import { useLikedStore, useLikedVersion } from '../context/use-liked.js';
import type { PickerCommand } from '../keys/keymap.js';
import { foundRow, foundTarget } from './search-rows.js';
import { addSourceOfTarget } from '../add-source.js';
import { sanitizeText } from '../sanitize.js';
import { useServices } from '../context/app-services.js';
import { ALL_SEARCH_TYPES, hasMore, itemRows, moreWanted, rowsOf, windowTop, type Found } from '../state/search-results.js';
import { Picker, PICKER_FRAME_ROWS, pickerCursorAfter, pickerRowWidth, type PickerRow } from './Picker.js';

export interface SearchOverlayProps {
  width: number;
  height: number;
  onClose(): void;
  /** Enter on something found: plays it or opens it (sections/open-in.ts); the overlay closes first. */
  onChoose(found: Found): void;
}

/**
 * `f`: the whole catalog searched as you type (a search per SEARCH_PACE_MS at most, the last answer wins),
 * results grouped by kind, each kind read further as the cursor reaches the end of its group; Enter plays a
 * track or episode and opens anything else; Ctrl+A adds it to a playlist (`A`'s picker); Esc closes. Liked
 * rows carry the ♥, asked for once the window rests.
 */
export const SearchOverlay = memo(function SearchOverlay({ width, height, onClose, onChoose }: SearchOverlayProps) {
  const [text, setText] = useState('');
  const search = useSearch(text, ALL_SEARCH_TYPES);
  const groups = search.answer?.groups;
  const rows = useMemo(() => rowsOf(groups ?? []), [groups]);
  const items = useMemo(() => itemRows(rows), [rows]);
  const [cursor, setCursor] = useState(0);
  const [top, setTop] = useState(0);
  // A new answer (not a page more of the same) starts at its first result.
  const query = search.answer?.query;
  useEffect(() => {
    setCursor(0);
    setTop(0);
  }, [query]);
  const visible = Math.max(1, height - PICKER_FRAME_ROWS);
  const at = Math.min(cursor, Math.max(0, items.length - 1));
  const cursorRow = items[at] ?? 0;
  const shownTop = windowTop(top, cursorRow, visible, rows.length);
  useEffect(() => setTop(shownTop), [shownTop]);

  const wanted = moreWanted(rows, items, at);
  const { more } = search;
  useEffect(() => {
    if (wanted !== null) more(wanted);
  }, [wanted, more, rows]);

  const playlists = useServices().editor?.actions;
  const store = useLikedStore();
  useLikedVersion(store);
  const window = useRef({});
  const shownRows = rows.slice(shownTop, shownTop + visible);
  const shownUris = shownRows.flatMap((row) => (row.kind === 'item' ? (likeableOf(foundTarget(row.found))?.uri ?? []) : [])).join(' ');
  useEffect(() => {
    store?.want(window.current, shownUris === '' ? [] : shownUris.split(' '));
  }, [store, shownUris]);
  useEffect(() => {
    const mine = window.current;
    return () => store?.want(mine, []);
  }, [store]);

  const rowWidth = pickerRowWidth(width, true);
  const pickerRows = shownRows.map((row): PickerRow => {
    if (row.kind === 'heading') {
      const { group } = row;
      const count = hasMore(group) ? `${formatCount(group.items.length)} of ${formatCount(group.total)}` : formatCount(group.total);
      return { kind: 'heading', text: `${group.kind.label} · ${count}` };
    }
    const likeable = likeableOf(foundTarget(row.found));
    const isLiked = likeable !== null && store?.isLiked(likeable.uri) === true;
    return { kind: 'item', text: foundRow(row.found, rowWidth), mark: isLiked ? LIKED_MARK : ' ' };
  });

  const onCommand = (command: PickerCommand): void => {
    switch (command.type) {
      case 'cursor':
        return setCursor(pickerCursorAfter(command.action, at, visible, items.length));
      case 'choose': {
        const row = rows[cursorRow];
        if (row?.kind !== 'item') return;
        onClose();
        onChoose(row.found);
        return;
      }
      case 'add': {
        const row = rows[cursorRow];
        if (row?.kind !== 'item') return;
        onClose();
        playlists?.add(addSourceOfTarget(foundTarget(row.found)));
        return;
      }
      case 'close':
        return onClose();
    }
  };

  const note = search.error !== null ? `couldn't search: ${sanitizeText(search.error)}` : search.isSearching ? 'searching…' : '';
  const empty =
    text.trim() === ''
      ? 'Type to search tracks, artists, albums, playlists, shows, episodes and audiobooks.'
      : search.answer === null
        ? 'Searching…'
        : `Nothing found for “${sanitizeText(search.answer.query)}”.`;
  return (
    <Picker
      title="Search"
      prompt="f"
      text={text}
      onText={setText}
      note={note}
      empty={empty}
      rows={pickerRows}
      cursor={cursorRow - shownTop}
      onCommand={onCommand}
      width={width}
      height={height}
    />
  );
});
