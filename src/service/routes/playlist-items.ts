import { badRequest } from '../errors.js';
import { single, type Query } from '../params.js';
import type { ItemRef } from '../store/playlist-edits.js';
import {
  MAX_ITEMS,
  bodyObject,
  existingItems,
  invalidUri,
  parseItemUri,
  sendWriteResult,
  snapshotOf,
  urisOf,
  writablePlaylist,
  type Body,
} from './playlist-write.js';
import { plainRoute } from './route.js';

const DECIMAL = /^\d{1,16}$/;

/** `position` from the query (wins, as `uris` does) or the body; null for the end. */
function positionOf(query: Query, body: Body): number | null {
  const fromQuery = single(query, 'position');
  const value = fromQuery !== undefined ? (DECIMAL.test(fromQuery) ? Number(fromQuery) : NaN) : body.position;
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw badRequest('Invalid position: must be an integer of at least 0');
  return value;
}

/**
 * Add Items to Playlist, at `/items` and `/tracks` (decisions §7): up to 100 tracks or episodes that exist,
 * before `position` (the end by default), added now by the caller; `201 {snapshot_id}`.
 */
export const addPlaylistItems = plainRoute((context) => (request, reply) => {
  const { playlist, userId } = writablePlaylist(context, request);
  const body = bodyObject(request.body);
  const query = request.query as Query;
  const uris = urisOf(query, body);
  if (uris === undefined) throw badRequest('Missing required field: uris');
  if (uris.length === 0) throw badRequest('Invalid uris: at least one is required');
  if (uris.length > MAX_ITEMS) throw badRequest(`Invalid uris: at most ${MAX_ITEMS} items can be added at once`);
  const position = positionOf(query, body);
  const items = existingItems(context, uris, playlist.id);
  const result = context.playlists.add(playlist.id, items, position, userId, new Date(context.now()));
  return sendWriteResult(context, reply, playlist, result, 201);
});

/** `items` (or the older `tracks`): `[{uri}]`, 1 to 100, each a track or episode URI; positions are refused. */
function itemsToRemove(body: Body): ItemRef[] {
  if (body.items !== undefined && body.tracks !== undefined) throw badRequest('Invalid request body: give items or tracks, not both');
  const name = body.items !== undefined ? 'items' : 'tracks';
  const list = body[name];
  if (list === undefined) throw badRequest('Missing required field: items');
  if (!Array.isArray(list)) throw badRequest(`Invalid ${name}: must be an array of {"uri": ...} objects`);
  if (list.length === 0) throw badRequest(`Invalid ${name}: at least one is required`);
  if (list.length > MAX_ITEMS) throw badRequest(`Invalid ${name}: at most ${MAX_ITEMS} items can be removed at once`);
  return list.map((element: unknown) => {
    if (typeof element !== 'object' || element === null || Array.isArray(element) || typeof (element as Body).uri !== 'string') {
      throw badRequest(`Invalid ${name}: must be an array of {"uri": ...} objects`);
    }
    if ((element as Body).positions !== undefined) {
      throw badRequest(`Invalid ${name}: positions are not accepted; every occurrence of each uri is removed`);
    }
    const uri = (element as { uri: string }).uri;
    const item = parseItemUri(uri);
    if (!item) throw invalidUri(uri);
    return item;
  });
}

/**
 * Remove Playlist Items, at `/items` and `/tracks` (decisions §7): every entry of each URI goes, from the
 * current version; `snapshot_id`, when given, must be one the playlist keeps (else 409); `200 {snapshot_id}`.
 */
export const removePlaylistItems = plainRoute((context) => (request, reply) => {
  const { playlist } = writablePlaylist(context, request);
  const body = bodyObject(request.body);
  const items = itemsToRemove(body);
  const result = context.playlists.remove(playlist.id, items, snapshotOf(body));
  return sendWriteResult(context, reply, playlist, result);
});
