import { useEffect, useRef, useState } from 'react';
import type { Api } from '../../api/api.js';
import type { Chapter, ListEntry, Paging } from '../../api/types.js';
import type { DetailsTarget } from '../details-target.js';

/** The chapters shown under an audiobook: its first page is enough for a details pane. */
export const DETAILS_CHAPTER_LIMIT = 50;
/** The cursor must rest this long on an audiobook before its chapters are asked for (none for those passed over). */
export const DETAILS_SETTLE_MS = 150;
const CACHED_AUDIOBOOKS = 20;

export type ChaptersState =
  | { state: 'loading' }
  | { state: 'loaded'; page: Paging<ListEntry<Chapter>> }
  | { state: 'failed'; message: string };

export interface Details {
  /** For an audiobook: its chapters (Get Audiobook Chapters); null for other kinds. */
  chapters: ChaptersState | null;
}

const NONE: Details = { chapters: null };
const LOADING: Details = { chapters: { state: 'loading' } };

/**
 * What the details pane needs beyond the target itself. Asked for once per audiobook (kept for the last
 * few), after the cursor settles, and aborted when the target changes first.
 */
export function useDetails(api: Api, target: DetailsTarget | null): Details {
  const audiobookId = target?.kind === 'audiobook' ? target.audiobook.id : null;
  const cache = useRef(new Map<string, Details>());
  const [loaded, setLoaded] = useState<{ id: string; details: Details } | null>(null);

  useEffect(() => {
    if (audiobookId === null || cache.current.has(audiobookId)) return;
    const controller = new AbortController();
    const remember = (details: Details): void => {
      if (details.chapters?.state === 'loaded') {
        cache.current.set(audiobookId, details);
        if (cache.current.size > CACHED_AUDIOBOOKS) cache.current.delete(cache.current.keys().next().value!);
      }
      setLoaded({ id: audiobookId, details });
    };
    const timer = setTimeout(() => {
      api
        .getAudiobookChapters(audiobookId, { offset: 0, limit: DETAILS_CHAPTER_LIMIT }, { signal: controller.signal })
        .then((page) => remember({ chapters: { state: 'loaded', page } }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          const message = error instanceof Error ? error.message : String(error);
          remember({ chapters: { state: 'failed', message } });
        });
    }, DETAILS_SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, audiobookId]);

  if (audiobookId === null) return NONE;
  const cached = cache.current.get(audiobookId);
  if (cached !== undefined) return cached;
  return loaded?.id === audiobookId ? loaded.details : LOADING;
}
