import { badRequest } from '../errors.js';
import type { Query } from '../params.js';
import type { WriteResult } from '../store/playlists.js';
import { MAX_ITEMS, bodyObject, existingItems, sendWriteResult, snapshotOf, urisOf, writablePlaylist, type Body } from './playlist-write.js';
import { plainRoute } from './route.js';

const REORDER_FIELDS = ['range_start', 'insert_before', 'range_length'] as const;

function integerField(body: Body, name: string, fallback?: number): number {
  const value = body[name];
  if (value === undefined && fallback !== undefined) return fallback;
  if (value === undefined) throw badRequest(`Missing required field: ${name}`);
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw badRequest(`Invalid ${name}: must be an integer`);
  return value;
}

/**
 * Update Playlist Items (decisions §7), at `/tracks` and `/items`: the scope asked depends on the playlist
 * (`playlist-modify-public` or `-private`), so the route list asks only for a user.
 */
export const updatePlaylistItems = plainRoute((context) => (request, reply) => {
  const { playlist, userId } = writablePlaylist(context, request);
  const body = bodyObject(request.body);
  const uris = urisOf(request.query as Query, body);
  const isReorder = REORDER_FIELDS.some((name) => body[name] !== undefined);
  if (uris !== undefined && isReorder) throw badRequest('Reorder and replace cannot be combined');
  if (uris === undefined && !isReorder) {
    throw badRequest('Either uris (replace) or range_start and insert_before (reorder) are required');
  }

  let result: WriteResult;
  if (uris !== undefined) {
    if (uris.length > MAX_ITEMS) throw badRequest(`Invalid uris: at most ${MAX_ITEMS} items can be set`);
    result = context.playlists.replace(playlist.id, existingItems(context, uris, playlist.id), userId, new Date(context.now()));
  } else {
    const snapshotId = snapshotOf(body);
    result = context.playlists.reorder(playlist.id, {
      rangeStart: integerField(body, 'range_start'),
      insertBefore: integerField(body, 'insert_before'),
      rangeLength: integerField(body, 'range_length', 1),
      snapshotId,
    });
  }
  return sendWriteResult(context, reply, playlist, result);
});
