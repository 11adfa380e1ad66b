/** The real embedded service on 127.0.0.1:0 with an in-memory database, and a few lookups tests share. */
import { afterAll, beforeAll } from 'vitest';
import type { Api } from '../../src/api/api.js';
import { allPages } from '../../src/api/paging.js';
import type { SimplifiedPlaylist } from '../../src/api/types.js';
import { startService, type RunningService, type StartOptions } from '../../src/service/start.js';
import { readable } from '../helpers/readable.js';

/** Starts one service for the test file and closes it afterwards; read `.current` inside tests. */
export function useService(options: Pick<StartOptions, 'devMode'> = {}): { current: RunningService } {
  const holder = {} as { current: RunningService };
  beforeAll(async () => {
    holder.current = await startService({ port: 0, db: ':memory:', ...options });
  });
  afterAll(async () => {
    await holder.current?.close();
  });
  return holder;
}

export async function myPlaylists(api: Api): Promise<SimplifiedPlaylist[]> {
  return readable((await api.getMyPlaylists({ limit: 50, offset: 0 })).items);
}

/** The ids of a playlist's entries in order (null for an entry without a readable item). */
export async function entryIds(api: Api, playlistId: string): Promise<(string | null)[]> {
  const ids: (string | null)[] = [];
  for await (const page of allPages((page) => api.getPlaylistItems(playlistId, page), 100)) {
    for (const item of page.items) ids.push(item.track?.id ?? null);
  }
  return ids;
}

/** The reorder semantics of the spec, for expected results. */
export function moved<T>(list: readonly T[], rangeStart: number, insertBefore: number, rangeLength: number): T[] {
  const range = list.slice(rangeStart, rangeStart + rangeLength);
  const before = list.slice(0, insertBefore).filter((_, index) => index < rangeStart || index >= rangeStart + rangeLength);
  const after = list.slice(insertBefore).filter((_, offset) => {
    const index = insertBefore + offset;
    return index < rangeStart || index >= rangeStart + rangeLength;
  });
  return [...before, ...range, ...after];
}
