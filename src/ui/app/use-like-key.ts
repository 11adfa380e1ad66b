import { useEffect, useMemo } from 'react';
import type { Api } from '../../api/api.js';
import type { PlayableItem } from '../../api/types.js';
import type { Signals } from '../signals.js';
import type { CursorTargetSlot } from '../context/cursor-target.js';
import { LikedStore } from '../liked/liked-store.js';
import { likeableItem, likeableOf, unlikeableReason } from '../liked/likeable.js';
import { useLikedVersion } from '../context/use-liked.js';

/** The dashboard's liked state: one store per client, closed with the dashboard. */
export function useLikedStoreOf(api: Api, say: (message: string) => void, signals: Signals | null): LikedStore {
  const store = useMemo(() => new LikedStore(api, say, signals), [api, say, signals]);
  useEffect(() => () => store.close(), [store]);
  return store;
}

export interface LikeKeyTargets {
  store: LikedStore;
  /** Now playing has the keys: `l` likes what plays. */
  isNowPlayingFocused: boolean;
  playing: PlayableItem | null | undefined;
  cursorTarget: CursorTargetSlot;
  say(message: string): void;
}

/** `l`: what the focused pane holds (the row under a list's cursor, or what plays), liked or unliked. */
export function likeFocused({ store, isNowPlayingFocused, playing, cursorTarget, say }: LikeKeyTargets): void {
  if (isNowPlayingFocused) {
    const item = likeableItem(playing);
    if (item === null) return say(playing ? "can't like this: only tracks are liked (an episode's show is saved in its list)" : 'nothing is playing');
    return store.toggle(item, store.isLiked(item.uri) ?? false);
  }
  const at = cursorTarget.current;
  const item = likeableOf(at?.target ?? null);
  if (item === null) return say(unlikeableReason(at?.target ?? null));
  store.toggle(item, store.isLiked(item.uri) ?? at?.isLibrary ?? false);
}

/**
 * Whether what plays is liked, for its ♥ in Now playing: null for what cannot be liked (an episode) or while
 * unknown. Asked for when unknown, with the items up next in the same batch: the next item change asks nothing.
 */
export function usePlayingLiked(store: LikedStore, playing: PlayableItem | null | undefined, upNext: readonly PlayableItem[]): boolean | null {
  useLikedVersion(store);
  const item = likeableItem(playing);
  const isKnown = item === null || store.isLiked(item.uri) !== undefined;
  const uri = item?.uri ?? null;
  const nextUris = upNext.flatMap((next) => likeableItem(next)?.uri ?? []).join(' ');
  useEffect(() => {
    if (!isKnown && uri !== null) store.askNow([uri, ...(nextUris === '' ? [] : nextUris.split(' '))]);
  }, [store, isKnown, uri, nextUris]);
  return item === null ? null : (store.isLiked(item.uri) ?? null);
}
