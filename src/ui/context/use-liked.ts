import { useSyncExternalStore } from 'react';
import { useServices } from './app-services.js';
import type { LikedStore } from '../liked/liked-store.js';

/** The library's liked state (liked-store.ts); null where no app gives one (a pane drawn alone). */
export function useLikedStore(): LikedStore | null {
  return useServices().liked;
}

const NO_SUBSCRIPTION = (): (() => void) => () => {};
const NO_VERSION = (): number => 0;

/** Re-renders the caller when the liked state changes (nothing when `store` is null). */
export function useLikedVersion(store: LikedStore | null): number {
  return useSyncExternalStore(store?.subscribe ?? NO_SUBSCRIPTION, store?.getVersion ?? NO_VERSION);
}
