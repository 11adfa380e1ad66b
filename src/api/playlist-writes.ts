/**
 * The playlist writes of 2026: adding and removing items, creating a playlist, changing its details.
 *
 * Paths: these writes go to `/items` first, the path the real service names them by; a service that answers
 * it 404 or 405 (one from before the rename) is asked at `/tracks`, with the body it knows there (`tracks`
 * for a removal), and from then on at `/tracks` alone. Once `/items` has answered anything else, it is known
 * to exist, and a 404 there is the playlist's own. Creating falls back the same way, from `POST /me/playlists`
 * to `POST /users/{id}/playlists`.
 *
 * Retries: an add is sent `once` (a second delivery would add the items twice). A removal is retried freely:
 * it removes every occurrence of its URIs, so a repeat after one that landed finds nothing to remove and
 * changes nothing; its snapshot, if given, is still kept (or the answer is a 409 and the caller re-plans).
 * A creation is `once`; a change of details sets values, so it is repeated freely.
 */
import type { Api, RequestOptions } from './api.js';
import { isApiError } from './errors.js';
import { idSegment } from './ids.js';
import { invalidArgument } from './map-error.js';
import { normalizePlaylist, normalizeUser } from './normalize-library.js';
import { readSnapshotId } from './playlists.js';
import { explainWriteRefusal } from './refusals.js';
import type { BodyReader, Caller } from './request.js';
import type { SimplifiedPlaylist } from './types.js';
import type { NewPlaylist } from './library-types.js';

/** The most URIs one add or removal may carry. */
export const MAX_WRITE_URIS = 100;

type PlaylistWritesApi = Pick<Api, 'addPlaylistItems' | 'removePlaylistItems' | 'createPlaylist' | 'changePlaylistDetails'>;

/** The service has no such route (or not for this method): the older path may have it. */
const isMissingRoute = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 405);

function checkUris(uris: readonly string[]): string[] {
  if (!Array.isArray(uris) || !uris.every((uri) => typeof uri === 'string' && uri.trim() !== '')) {
    throw invalidArgument('Invalid uris: expected an array of non-empty strings');
  }
  if (uris.length === 0) throw invalidArgument('Invalid uris: nothing to send');
  if (uris.length > MAX_WRITE_URIS) {
    throw invalidArgument(`Too many uris: ${uris.length}, at most ${MAX_WRITE_URIS} a request (send them in chunks of ${MAX_WRITE_URIS})`);
  }
  return [...uris];
}

function checkName(name: unknown): void {
  if (typeof name !== 'string' || name.trim() === '') throw invalidArgument('Invalid playlist name: must not be empty');
}

const readCreated: BodyReader<SimplifiedPlaylist> = (body, unreadable) => {
  const playlist = normalizePlaylist(body);
  return playlist !== null && playlist.id !== '' ? playlist : unreadable('expected the playlist created, with its id');
};

const ignoreBody: BodyReader<void> = () => undefined;

/** Runs `run` on the newer path, else once on the older one (see above), and remembers which one answers. */
function pathChooser<Path extends string>(newer: Path, older: Path) {
  let known: Path | null = null;
  return async <T>(run: (path: Path) => Promise<T>): Promise<T> => {
    if (known !== null) return run(known);
    try {
      const result = await run(newer);
      known = newer;
      return result;
    } catch (error) {
      if (!isMissingRoute(error)) {
        if (isApiError(error) && error.status !== undefined) known = newer;
        throw error;
      }
      // Both missing means the thing itself is (no such playlist): report the first answer.
      const result = await run(older).catch(() => Promise.reject(error));
      known = older;
      return result;
    }
  };
}

export function playlistWritesApi(caller: Caller): PlaylistWritesApi {
  const onItems = pathChooser('items', 'tracks');
  const onCreate = pathChooser('me', 'users');
  const itemsPath = (playlistId: string, segment: string) => `playlists/${idSegment(playlistId, 'playlist')}/${segment}`;

  async function myId(options: RequestOptions): Promise<string> {
    const me = await caller.get({ path: 'me', signal: options.signal }, (body, unreadable) => normalizeUser(body) ?? unreadable('expected a user object'));
    return idSegment(me.id, 'user');
  }

  return {
    addPlaylistItems: async (playlistId, uris, position, options = {}) => {
      if (position !== null && (!Number.isSafeInteger(position) || position < 0)) {
        throw invalidArgument(`Invalid position ${String(position)}: must be an integer of at least 0, or null for the end`);
      }
      const json = { uris: checkUris(uris), ...(position === null ? {} : { position }) };
      return onItems((segment) =>
        caller.send({ method: 'POST', path: itemsPath(playlistId, segment), json, policy: 'once', signal: options.signal }, readSnapshotId),
      ).catch((error: unknown) => Promise.reject(explainWriteRefusal(error)));
    },
    removePlaylistItems: async (playlistId, uris, snapshotId, options = {}) => {
      const items = checkUris(uris).map((uri) => ({ uri }));
      const snapshot = snapshotId ? { snapshot_id: snapshotId } : {};
      return onItems((segment) => {
        // The older path knows the list as `tracks`.
        const json = segment === 'items' ? { items, ...snapshot } : { tracks: items, ...snapshot };
        return caller.send({ method: 'DELETE', path: itemsPath(playlistId, segment), json, policy: 'idempotent', signal: options.signal }, readSnapshotId);
      }).catch((error: unknown) => Promise.reject(explainWriteRefusal(error)));
    },
    createPlaylist: async (playlist, options = {}) => {
      checkName(playlist?.name);
      const { name, description, public: isPublic, collaborative } = playlist;
      const json: NewPlaylist = { name, ...(description === undefined ? {} : { description }), ...(isPublic === undefined ? {} : { public: isPublic }), ...(collaborative === undefined ? {} : { collaborative }) };
      return onCreate(async (where) => {
        const path = where === 'me' ? 'me/playlists' : `users/${await myId(options)}/playlists`;
        return caller.send({ method: 'POST', path, json, policy: 'once', signal: options.signal }, readCreated);
      });
    },
    changePlaylistDetails: async (playlistId, details, options = {}) => {
      const { name, description } = details ?? {};
      if (name === undefined && description === undefined) throw invalidArgument('Nothing to change: give a name or a description');
      if (name !== undefined) checkName(name);
      if (description !== undefined && typeof description !== 'string') throw invalidArgument('Invalid description: must be a string');
      const json = { ...(name === undefined ? {} : { name }), ...(description === undefined ? {} : { description }) };
      const path = `playlists/${idSegment(playlistId, 'playlist')}`;
      return caller.send({ method: 'PUT', path, json, policy: 'idempotent', signal: options.signal }, ignoreBody);
    },
  };
}
