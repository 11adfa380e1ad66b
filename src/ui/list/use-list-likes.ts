import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { ListView } from '../sections/types.js';
import { useServices } from '../context/app-services.js';
import type { SparseList } from '../state/sparse-list.js';
import { LIKED_MARK, likeableOf, type Likeable } from '../liked/likeable.js';
import { useLikedStore, useLikedVersion } from '../context/use-liked.js';

const NOT_LIKED = ' ';

export interface ListLikes<T> {
  /** The mark of a row, for a list whose rows can be liked. */
  mark: ((item: T) => string) | undefined;
  /** The window's rows: the library's learnt, the others' asked about. */
  onWindow: ((items: readonly T[]) => void) | undefined;
}

/** What each item of a view likes, once per item object. */
function likeableOfView<T>(view: ListView<T, never>): (item: T) => Likeable | null {
  const made = new WeakMap<object, Likeable | null>();
  return (item) => {
    if (typeof item !== 'object' || item === null) return likeableOf(view.details(item));
    let likeable = made.get(item);
    if (likeable === undefined) made.set(item, (likeable = likeableOf(view.details(item))));
    return likeable;
  };
}

/** The ♥ of a list's rows (sections/types.ts, `likes`); it reads itself again for a change of the library as `rereadOn` says. */
export function useListLikes<T, P>(view: ListView<T, P>, isTabShown: boolean): ListLikes<T> {
  const { likes } = view;
  const store = useLikedStore();
  const watched = likes === null ? null : store;
  const version = useLikedVersion(watched);
  const likeable = useMemo(() => likeableOfView(view as ListView<T, never>), [view]);
  const isLibrary = likes?.isLibrary === true;
  const mark = useMemo(() => {
    if (watched === null) return undefined;
    return (item: T): string => {
      const liked = likeable(item);
      if (liked === null) return NOT_LIKED;
      return (watched.isLiked(liked.uri) ?? isLibrary) ? LIKED_MARK : NOT_LIKED;
    };
    // `version` is what makes a new function, so that the rows are drawn again when a like changes.
  }, [watched, likeable, isLibrary, version]);
  const window = useRef({});
  const onWindow = useCallback(
    (items: readonly T[]) => {
      if (watched === null) return;
      const uris = items.flatMap((item) => likeable(item)?.uri ?? []);
      if (isLibrary) watched.learn(uris);
      else watched.want(window.current, isTabShown ? uris : []);
    },
    [watched, likeable, isLibrary, isTabShown],
  );
  // A list hidden or gone asks nothing more.
  useEffect(() => {
    const mine = window.current;
    return () => watched?.want(mine, []);
  }, [watched]);
  return { mark, onWindow: watched === null ? undefined : onWindow };
}

/** Registers what the list has loaded for `:`, under its source key, while it is mounted. */
export function useLoadedList<T, P>(view: ListView<T, P>, sourceKey: string): (list: SparseList<T> | null) => void {
  const { loaded } = useServices();
  const details = view.details as (item: unknown) => ReturnType<typeof view.details>;
  useEffect(() => () => loaded.set(sourceKey, null), [loaded, sourceKey]);
  return useCallback(
    (list: SparseList<T> | null) => loaded.set(sourceKey, list === null ? null : { list: list as SparseList<unknown>, details }),
    [loaded, sourceKey, details],
  );
}
