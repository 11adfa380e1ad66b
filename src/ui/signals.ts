import type { LikeKind } from './liked/likeable.js';

/**
 * What happened in the app that a list may read itself again for, in one store: the producers (the player's
 * polls, the ♥ store, the playlist actions, the music folder's scan) emit, each list's reread hook
 * (list/use-rereads.ts) listens to the words its section declares (sections/types.ts, `rereadOn`). No React.
 */

/** The words the store carries. */
export const SIGNALS = ['itemEnded', 'itemChanged', 'libraryChanged', 'playlistsChanged'] as const;
export type Signal = (typeof SIGNALS)[number];

/**
 * What a list reads itself again on: a signal of the store, or what each list knows of itself: its tab coming
 * on screen (`shown`), or the page under its cursor a list refresh interval old while it has the keys
 * (`minutely`, a conditional request of that page; only a source read by offset has one).
 */
export type Reread = 'shown' | 'minutely' | Signal;

/** What a signal says beyond its word. */
export interface SignalNote {
  /** The kind a like changed (`libraryChanged` from the ♥ store): only the list of that kind hears it. Absent: every kind. */
  kind?: LikeKind;
  /** Sent often (a like per key, a scan's progress): a list reads again for it at most every REREAD_MIN_MS. */
  isPaced?: boolean;
}

export type SignalListener = (signal: Signal, note: SignalNote) => void;

export class Signals {
  private readonly listeners = new Map<Signal, Set<SignalListener>>();

  emit(signal: Signal, note: SignalNote = {}): void {
    for (const listener of [...(this.listeners.get(signal) ?? [])]) listener(signal, note);
  }

  /** Calls `listener` on each of `signals` until the function returned is called. */
  on(signals: readonly Signal[], listener: SignalListener): () => void {
    for (const signal of signals) {
      let set = this.listeners.get(signal);
      if (set === undefined) this.listeners.set(signal, (set = new Set()));
      set.add(listener);
    }
    return () => {
      for (const signal of signals) this.listeners.get(signal)?.delete(listener);
    };
  }
}

/** The music folder's scan changed the catalog: the library's lists and the playlists (its m3u files) read again. */
export function emitCatalogChanged(signals: Signals): void {
  signals.emit('libraryChanged', { isPaced: true });
  signals.emit('playlistsChanged', { isPaced: true });
}
