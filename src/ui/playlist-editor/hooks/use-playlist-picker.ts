import { useEffect, useMemo, useRef, useState } from 'react';
import type { SimplifiedPlaylist } from '../../../api/types.js';
import { useApi } from '../../context/api-context.js';
import { useKeyLayer } from '../../keys/use-key-layer.js';
import { useUserId } from '../../hooks/use-user-id.js';
import { KEY_LAYER } from '../../keys/key-layers.js';
import { pickerRows, readAllPlaylists, type PickerRow } from '../picker.js';

export interface Picking {
  /** What is added, as the picker's title names it. */
  label: string;
  /** The playlists added to lately (ids), offered first. */
  recent: readonly string[];
  onPick(playlist: SimplifiedPlaylist): void;
}

/** What the overlay draws. */
export interface PickerShown {
  label: string;
  typed: string;
  rows: readonly PickerRow[] | null;
  cursor: number;
  refusal: string | null;
}

/**
 * The picker of `A` while it is open: its playlists read as it opens (each time: a playlist made or renamed
 * elsewhere is there), typing narrows them (every key that types is text), ↑/↓ choose, Enter picks (a
 * read-only one says why and stays), Esc closes. Above the panes, it takes every key but Ctrl+C.
 */
export function usePlaylistPicker(picking: Picking, close: () => void, onError: (message: string) => void): PickerShown {
  const api = useApi();
  const userId = useUserId();
  const [playlists, setPlaylists] = useState<readonly SimplifiedPlaylist[] | null>(null);
  const [typed, setTyped] = useState('');
  const [cursor, setCursor] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  const latest = useRef({ close, onError });
  latest.current = { close, onError };
  const { recent } = picking;
  const rows = useMemo(() => (playlists === null ? null : pickerRows(playlists, recent, typed, userId)), [playlists, typed, userId, recent]);
  useEffect(() => {
    const controller = new AbortController();
    readAllPlaylists(api, controller.signal).then(setPlaylists, (error: unknown) => {
      if (controller.signal.aborted) return;
      latest.current.close();
      latest.current.onError(`couldn't list your playlists: ${(error as Error).message}`);
    });
    return () => controller.abort();
  }, [api]);
  useKeyLayer(KEY_LAYER.prompt, (input, key) => {
    if (key.ctrl && input === 'c') return false;
    const last = Math.max(0, (rows?.length ?? 0) - 1);
    if (key.escape) close();
    else if (key.upArrow || key.downArrow) setCursor((at) => Math.max(0, Math.min(last, at + (key.upArrow ? -1 : 1))));
    else if (key.return) {
      const row = rows?.[cursor];
      if (row === undefined) return true;
      if (row.refusal !== null) return setRefusal(row.refusal), true;
      close();
      picking.onPick(row.playlist);
    } else if (key.backspace || key.delete || (key.ctrl && input === 'u')) {
      // Ctrl+U clears what was typed, as in the search.
      setTyped((text) => (key.ctrl ? '' : [...text].slice(0, -1).join('')));
      setCursor(0);
    } else if (!key.ctrl && !key.meta && input !== '' && !/[\p{Cc}\p{Cf}]/u.test(input)) {
      setTyped((text) => (text + input).slice(0, 100));
      setCursor(0);
      setRefusal(null);
    }
    return true;
  });
  return { label: picking.label, typed, rows, cursor, refusal };
}
