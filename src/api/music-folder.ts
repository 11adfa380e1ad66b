/** The embedded service's music folder and its scan (`GET /playdeck/library`, docs/api/music-folder.md): not of the public API. */
import { asObject, isObject, toCount, toStrOrNull } from './coerce.js';
import type { Caller, RequestOptions } from './request.js';

export interface MusicFolderScan {
  state: 'scanning' | 'idle';
  /** The folder's first scan: its catalog is being made. */
  first: boolean;
  found: number;
  read: number;
  perSecond: number;
}

export interface MusicFolderState {
  /** Null: the demo catalog. */
  folder: string | null;
  scan: MusicFolderScan | null;
  /** Why nothing can be heard (no sound engine), in one line saying how to mend it. */
  soundProblem: string | null;
}

export function normalizeMusicFolder(body: unknown): MusicFolderState | null {
  if (!isObject(body)) return null;
  const scan = isObject(body.scan) ? asObject(body.scan) : null;
  return {
    folder: toStrOrNull(body.folder),
    scan: scan && {
      state: scan.state === 'scanning' ? 'scanning' : 'idle',
      first: scan.first === true,
      found: toCount(scan.found),
      read: toCount(scan.read),
      perSecond: toCount(scan.per_second),
    },
    soundProblem: toStrOrNull(body.sound_problem),
  };
}

export function musicFolderApi(caller: Caller): { getMusicFolder(options?: RequestOptions): Promise<MusicFolderState> } {
  return {
    getMusicFolder: async (options = {}) =>
      // Beside /v1, on the service's own path.
      caller.get({ path: '../playdeck/library', signal: options.signal }, (body, unreadable) => normalizeMusicFolder(body) ?? unreadable('expected the music folder')),
  };
}
