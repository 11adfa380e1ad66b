import { useMemo, useRef, useState } from 'react';
import type { Api } from '../../../api/api.js';
import type { SimplifiedPlaylist } from '../../../api/types.js';
import { useKeyLayer } from '../../keys/use-key-layer.js';
import { KEY_LAYER } from '../../keys/key-layers.js';
import { pickerRows, readAllPlaylists, type PickerRow } from '../picker.js';

interface Picking {
  /** What is added, as the picker's title names it. */
  label: string;
  onPick(playlist: SimplifiedPlaylist): void;
}

export interface PlaylistPicker {
  /** What the overlay draws; null while closed. */
  shown: { label: string; typed: string; rows: readonly PickerRow[] | null; cursor: number; refusal: string | null } | null;
  open(picking: Picking): void;
}

/**
 * The picker of `A`: its playlists read when it opens, typing narrows them (every key that types is text),
 * ↑/↓ choose, Enter picks (a read-only one says why and stays), Esc closes. Above the panes, it takes
 * every key but Ctrl+C while open.
 */
export function usePlaylistPicker(api: Api, recent: () => readonly string[], userId: string | null, onError: (message: string) => void): PlaylistPicker {
  const [picking, setPicking] = useState<Picking | null>(null);
  const [playlists, setPlaylists] = useState<readonly SimplifiedPlaylist[] | null>(null);
  const [typed, setTyped] = useState('');
  const [cursor, setCursor] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  const reading = useRef<AbortController | null>(null);
  const rows = useMemo(() => (playlists === null ? null : pickerRows(playlists, recent(), typed, userId)), [playlists, typed, userId, recent]);
  const close = (): void => {
    reading.current?.abort();
    setPicking(null);
  };
  useKeyLayer(
    KEY_LAYER.prompt,
    (input, key) => {
      if (picking === null || (key.ctrl && input === 'c')) return false;
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
    },
    { isActive: picking !== null },
  );
  const open = (next: Picking): void => {
    setPicking(next);
    setTyped('');
    setCursor(0);
    setRefusal(null);
    reading.current?.abort();
    const controller = new AbortController();
    reading.current = controller;
    // Read each time it opens: a playlist made or renamed elsewhere is there.
    readAllPlaylists(api, controller.signal).then(setPlaylists, (error: unknown) => {
      if (controller.signal.aborted) return;
      setPicking(null);
      onError(`couldn't list your playlists: ${(error as Error).message}`);
    });
  };
  return { shown: picking === null ? null : { label: picking.label, typed, rows, cursor, refusal }, open };
}
