/**
 * The user's playlists, a playlist's items, and the two writes of its order (reorder, replace); adding,
 * removing, creating and renaming are in playlist-writes.ts.
 *
 * Why a reorder may be retried after a failure that leaves us unsure whether it reached the service
 * (a 5xx, a timeout, a dropped connection): it carries the `snapshot_id` its positions were planned on, and
 * the service applies a move against an older snapshot by entry identity (decisions §7): "move the entries
 * that were at range_start..+range_length in that snapshot, in their order there, before the entry that
 * was at insert_before". Doing that a second time finds those entries already right before that anchor
 * and changes nothing, so a retry whose first attempt did land is harmless, and one whose first attempt did
 * not land applies the move once. A move without a snapshot speaks of the current positions, which a
 * landed first attempt has changed: that one is retried only when it certainly did not land (`once`).
 * No extra read of the playlist's snapshot before retrying: ids are opaque, so it could not tell our
 * landed move from someone else's edit, and it would cost a request. If the snapshot has expired meanwhile
 * the service answers 409 (`conflict`) and the caller re-plans on fresh data.
 * A replace sends the whole list, so repeating it gives the same playlist: it is retried freely.
 */
import type { Api, RequestOptions } from './api.js';
import { asObject } from './coerce.js';
import { isApiError } from './errors.js';
import { idSegment } from './ids.js';
import { invalidArgument } from './map-error.js';
import { normalizePaging, normalizePlaylist, normalizePlaylistItem, orStandIn } from './normalize-library.js';
import { pageQuery } from './paging.js';
import { explainItemsRefusal } from './refusals.js';
import type { BodyReader, Caller } from './request.js';

export const MAX_PLAYLISTS_PAGE = 50;
export const MAX_ITEMS_PAGE = 100;
/** The most URIs one replace may carry. */
export const MAX_REPLACE_URIS = 100;

/** What an entry's row, the filter and the details pane read of a track or an episode (`is_local`: a line naming no file, decisions §21). */
const SHOWN_OF_PLAYABLE =
  'type,id,name,uri,duration_ms,explicit,popularity,is_playable,is_local,restrictions,linked_from(id,uri),artists(name),' +
  'album(name,release_date),release_date,resume_point,description,html_description,show(name,publisher),audiobook(id)';

/**
 * The `fields` filter (decisions §6) for a playlist's items view: what its rows, filter and details show, and
 * what tells entries apart (`uri`, `added_at`). A 50-entry page is then ~17 KB of JSON instead of ~153 KB,
 * and a loaded entry a few small objects instead of a whole album with images and markets. Both names of the
 * entry are asked for (a service sends one or both), and no paging links: the view asks by offset. The rest comes
 * back as the normaliser's defaults.
 */
export const PLAYLIST_ROW_FIELDS =
  `limit,offset,total,items(added_at,track(${SHOWN_OF_PLAYABLE}),item(${SHOWN_OF_PLAYABLE}))`;

type PlaylistsApi = Pick<
  Api,
  'getMyPlaylists' | 'getPlaylist' | 'getPlaylistSnapshot' | 'getPlaylistItems' | 'reorderPlaylistItems' | 'replacePlaylistItems'
>;

export const readSnapshotId: BodyReader<string> = (body, unreadable) => {
  const snapshotId = asObject(body).snapshot_id;
  return typeof snapshotId === 'string' && snapshotId !== '' ? snapshotId : unreadable('expected {"snapshot_id"}');
};

function checkPosition(name: string, value: number, minimum: number): number {
  if (!Number.isInteger(value) || value < minimum) {
    throw invalidArgument(`Invalid ${name} ${String(value)}: must be an integer of at least ${minimum}`);
  }
  return value;
}

export function playlistsApi(caller: Caller): PlaylistsApi {
  // The real service renamed `/tracks` to `/items`; once `/tracks` is refused where `/items` works, this
  // client uses `/items` for good.
  let itemsSegment: 'tracks' | 'items' = 'tracks';

  async function onItems<T>(playlistId: string, run: (path: string) => Promise<T>): Promise<T> {
    const playlist = `playlists/${idSegment(playlistId, 'playlist')}`;
    if (itemsSegment === 'items') return run(`${playlist}/items`);
    try {
      return await run(`${playlist}/tracks`);
    } catch (error) {
      if (!isApiError(error) || (error.kind !== 'forbidden' && error.kind !== 'not-found')) throw error;
      // Both refusing means the refusal is real (no such playlist, not ours): report the first answer.
      const result = await run(`${playlist}/items`).catch(() => Promise.reject(error));
      itemsSegment = 'items';
      return result;
    }
  }

  const write = (playlistId: string, json: unknown, policy: 'idempotent' | 'once', options: RequestOptions) =>
    onItems(playlistId, (path) => caller.send({ method: 'PUT', path, json, policy, signal: options.signal }, readSnapshotId));

  return {
    getMyPlaylists: async (page, options = {}) =>
      caller.get(
        { path: 'me/playlists', query: pageQuery(page, MAX_PLAYLISTS_PAGE), signal: options.signal },
        (body, unreadable) => normalizePaging(body, orStandIn(normalizePlaylist)) ?? unreadable('expected a paging object'),
      ),
    getPlaylist: async (playlistId, options = {}) =>
      caller.get({ path: `playlists/${idSegment(playlistId, 'playlist')}`, signal: options.signal }, (body, unreadable) =>
        normalizePlaylist(body) ?? unreadable('expected a playlist object'),
      ),
    getPlaylistSnapshot: async (playlistId, options = {}) =>
      caller.get(
        { path: `playlists/${idSegment(playlistId, 'playlist')}`, query: { fields: 'snapshot_id' }, signal: options.signal },
        readSnapshotId,
      ),
    getPlaylistItems: async (playlistId, page, options = {}) => {
      const query = {
        ...pageQuery(page, MAX_ITEMS_PAGE),
        market: page.market,
        fields: page.fields,
        additional_types: 'track,episode',
      };
      return onItems(playlistId, (path) =>
        caller.get({ path, query, signal: options.signal }, (body, unreadable) =>
          normalizePaging(body, normalizePlaylistItem) ?? unreadable('expected a paging object'),
        ),
      ).catch((error: unknown) => Promise.reject(explainItemsRefusal(error)));
    },
    reorderPlaylistItems: async (playlistId, move, options = {}) => {
      const json = {
        range_start: checkPosition('rangeStart', move.rangeStart, 0),
        insert_before: checkPosition('insertBefore', move.insertBefore, 0),
        range_length: checkPosition('rangeLength', move.rangeLength, 1),
        ...(move.snapshotId ? { snapshot_id: move.snapshotId } : {}),
      };
      return write(playlistId, json, move.snapshotId ? 'idempotent' : 'once', options);
    },
    replacePlaylistItems: async (playlistId, uris, options = {}) => {
      if (!Array.isArray(uris) || uris.length > MAX_REPLACE_URIS || !uris.every((uri) => typeof uri === 'string' && uri !== '')) {
        throw invalidArgument(`Invalid uris: expected at most ${MAX_REPLACE_URIS} non-empty strings`);
      }
      return write(playlistId, { uris }, 'idempotent', options);
    },
  };
}
