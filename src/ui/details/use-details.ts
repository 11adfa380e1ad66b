import { useEffect, useRef, useState } from 'react';
import type { Api } from '../../api/api.js';
import type { DetailsTarget } from '../details-target.js';
import { extraOf, NONE, type Details } from '../details/extras.js';

/** The cursor must rest this long on an item before what its details need is asked for (none for those passed over). */
export const DETAILS_SETTLE_MS = 150;
const CACHED_ITEMS = 20;

/**
 * What the details pane needs beyond the target itself (an audiobook's chapters, a simplified album's
 * details, an artist's count of albums). Asked for once per item (kept for the last few), after the cursor
 * settles, and aborted when the target changes first.
 */
export function useDetails(api: Api, target: DetailsTarget | null): Details {
  const extra = extraOf(target);
  const key = extra?.key ?? null;
  const cache = useRef(new Map<string, Details>());
  const [loaded, setLoaded] = useState<{ key: string; details: Details } | null>(null);
  const latest = useRef(extra);
  latest.current = extra;

  useEffect(() => {
    const wanted = latest.current;
    if (key === null || wanted === null || cache.current.has(key)) return;
    const controller = new AbortController();
    const remember = (details: Details, isLoaded: boolean): void => {
      if (isLoaded) {
        cache.current.set(key, details);
        if (cache.current.size > CACHED_ITEMS) cache.current.delete(cache.current.keys().next().value!);
      }
      setLoaded({ key, details });
    };
    const timer = setTimeout(() => {
      wanted.load(api, controller.signal).then(
        (details) => remember(details, true),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          remember(wanted.failed(error instanceof Error ? error.message : String(error)), false);
        },
      );
    }, DETAILS_SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, key]);

  if (key === null || extra === null) return NONE;
  const cached = cache.current.get(key);
  if (cached !== undefined) return cached;
  return loaded?.key === key ? loaded.details : extra.loading;
}
