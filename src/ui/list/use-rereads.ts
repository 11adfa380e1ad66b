import { useEffect, useRef, useState } from 'react';
import { useServices } from '../context/app-services.js';
import type { ListView } from '../sections/types.js';
import { SIGNALS, type SignalNote } from '../signals.js';

/** A list reads itself again at most this often for a signal sent often (a like, a scan's progress). */
export const REREAD_MIN_MS = 15_000;

/** Why the list should read itself again: a signal heard (`due`), or a like made in the list itself (`own`, once it is shown again). */
type Stale = 'no' | 'own' | 'due';

/**
 * How many times the list should have read itself again, from the words its section declares (`rereadOn`):
 * the store's signals (signals.ts) heard while it is on screen read it again at once (paced ones at most once
 * per REREAD_MIN_MS), those heard while it is hidden when it comes on screen; `shown` reads it each time its
 * tab comes up. A like of the list's own kind made in the list itself (`l` on its row while it has the keys)
 * waits until it comes on screen again, so that the row unliked stays under the cursor meanwhile. Nothing
 * heard, nothing read: a list at rest asks nothing. (`minutely` is the page loader's: hooks/use-paged-list.ts.)
 */
export function useRereads<T, P>(view: ListView<T, P>, isTabShown: boolean, isFocused: boolean): number {
  const { signals } = useServices();
  const words = view.rereadOn.join(' ');
  const kind = view.likes?.kind;
  const [rereads, setRereads] = useState(0);
  const [heard, setHeard] = useState(0);
  const state = useRef({ stale: 'no' as Stale, isPaced: false, wasShown: isTabShown, lastAt: Number.NEGATIVE_INFINITY });
  const latest = useRef({ isTabShown, isFocused });
  latest.current = { isTabShown, isFocused };

  useEffect(() => {
    const declared = words.split(' ');
    const listened = SIGNALS.filter((signal) => declared.includes(signal));
    if (signals === null || listened.length === 0) return;
    return signals.on(listened, (_signal, note: SignalNote) => {
      if (note.kind !== undefined && kind !== undefined && note.kind !== kind) return;
      const current = state.current;
      const isOwn = note.kind !== undefined && latest.current.isFocused && latest.current.isTabShown;
      current.stale = isOwn && current.stale !== 'due' ? 'own' : 'due';
      current.isPaced ||= note.isPaced === true;
      setHeard((count) => count + 1);
    });
  }, [signals, words, kind]);

  useEffect(() => {
    const current = state.current;
    const cameOn = isTabShown && !current.wasShown;
    current.wasShown = isTabShown;
    if (cameOn && current.stale === 'own') current.stale = 'due';
    if (cameOn && words.split(' ').includes('shown')) {
      current.stale = 'due';
      current.isPaced = false;
    }
    if (current.stale !== 'due' || !isTabShown) return;
    const read = (): void => {
      current.stale = 'no';
      current.isPaced = false;
      current.lastAt = Date.now();
      setRereads((count) => count + 1);
    };
    const wait = current.isPaced ? current.lastAt + REREAD_MIN_MS - Date.now() : 0;
    if (wait <= 0) return read();
    const timer = setTimeout(read, wait);
    return () => clearTimeout(timer);
  }, [heard, isTabShown, isFocused, words]);
  return rereads;
}
