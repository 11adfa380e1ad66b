import { useEffect, useRef, useState } from 'react';

/** A list that is the library reads itself again at most this often for changes made elsewhere. */
export const REREAD_MIN_MS = 15_000;

/** Why the list should read itself again: a change it did not make (`shown`), or one made in it (`own`, once it is shown again). */
type Stale = 'no' | 'own' | 'shown';

/**
 * How many times a list that is the library should have read itself again, given the changes of its kind
 * the service accepted (`changes`). A change made from elsewhere (Now playing, another list, search) reads it
 * again while it is on screen, at most once per REREAD_MIN_MS, or when it comes on screen; a change made in
 * the list itself (`l` on its row while it has the keys) waits until it comes on screen again, so that the row
 * unliked stays under the cursor meanwhile. `catalogChanges` counts changes of the catalog itself (a music
 * folder's scan), always made elsewhere. Nothing changed, nothing read: a list at rest asks nothing.
 */
export function useLibraryReread(changes: number, isTabShown: boolean, isFocused: boolean, catalogChanges = 0): number {
  const [reread, setReread] = useState(0);
  const state = useRef({ seen: changes, seenCatalog: catalogChanges, stale: 'no' as Stale, wasShown: isTabShown, lastAt: Number.NEGATIVE_INFINITY });
  useEffect(() => {
    const current = state.current;
    if (changes !== current.seen) {
      current.seen = changes;
      current.stale = isFocused && isTabShown && current.stale !== 'shown' ? 'own' : 'shown';
    }
    if (catalogChanges !== current.seenCatalog) {
      current.seenCatalog = catalogChanges;
      current.stale = 'shown';
    }
    if (isTabShown && !current.wasShown && current.stale === 'own') current.stale = 'shown';
    current.wasShown = isTabShown;
    if (current.stale !== 'shown' || !isTabShown) return;
    const read = (): void => {
      current.stale = 'no';
      current.lastAt = Date.now();
      setReread((count) => count + 1);
    };
    const wait = current.lastAt + REREAD_MIN_MS - Date.now();
    if (wait <= 0) return read();
    const timer = setTimeout(read, wait);
    return () => clearTimeout(timer);
  }, [changes, isTabShown, isFocused, catalogChanges]);
  return reread;
}
