import { requireScope } from '../auth.js';
import type { ServiceContext } from '../context.js';
import { ServiceError, badRequest, forbidden, notFound } from '../errors.js';
import { grantOf, sendJson, userOf } from '../http.js';
import { idParam, single, type Query } from '../params.js';
import type { WriteResult } from '../store/playlists.js';
import { plainRoute } from './route.js';

const MAX_URIS = 100;
// Any prefix is accepted (decisions §1: clients and services may use their own).
const ITEM_URI = /^[A-Za-z][A-Za-z0-9-]*:(track|episode):([0-9A-Za-z]{22})$/;
const REORDER_FIELDS = ['range_start', 'insert_before', 'range_length'] as const;

type Body = Record<string, unknown>;

function bodyObject(body: unknown): Body {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('Invalid request body: expected a JSON object');
  return body as Body;
}

function integerField(body: Body, name: string, fallback?: number): number {
  const value = body[name];
  if (value === undefined && fallback !== undefined) return fallback;
  if (value === undefined) throw badRequest(`Missing required field: ${name}`);
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw badRequest(`Invalid ${name}: must be an integer`);
  return value;
}

/** The replace list, from the query (comma-separated, wins as in the reference) or the body. */
function urisOf(query: Query, body: Body): string[] | undefined {
  const fromQuery = single(query, 'uris');
  if (fromQuery !== undefined) return fromQuery.split(',').map((uri) => uri.trim());
  if (body.uris === undefined) return undefined;
  if (!Array.isArray(body.uris) || !body.uris.every((uri) => typeof uri === 'string')) {
    throw badRequest('Invalid uris: must be an array of strings');
  }
  return body.uris as string[];
}

function replaceItems(context: ServiceContext, uris: string[]): { type: 'track' | 'episode'; id: string }[] {
  if (uris.length > MAX_URIS) throw badRequest(`Invalid uris: at most ${MAX_URIS} items can be set`);
  return uris.map((uri) => {
    const match = ITEM_URI.exec(uri);
    const type = match?.[1] as 'track' | 'episode' | undefined;
    const id = match?.[2];
    const exists = type === 'track' ? context.catalog.track(id!) : type === 'episode' ? context.catalog.episode(id!) : null;
    if (!exists) throw badRequest(`Invalid uri: ${uri.slice(0, 100)}`);
    return { type: type!, id: id! };
  });
}

/**
 * Update Playlist Items (decisions §7), at `/tracks` and `/items`: the scope asked depends on the playlist
 * (`playlist-modify-public` or `-private`), so the route list asks only for a user.
 */
export const updatePlaylistItems = plainRoute((context) => (request, reply) => {
  const id = idParam((request.params as { playlist_id?: string }).playlist_id);
  const userId = userOf(request);
  const playlist = context.playlists.get(id);
  if (!playlist) throw notFound();
  requireScope(grantOf(request), playlist.isPublic ? 'playlist-modify-public' : 'playlist-modify-private');
  if (playlist.ownerId !== userId && !playlist.collaborative) throw forbidden();

  const body = bodyObject(request.body);
  const uris = urisOf(request.query as Query, body);
  const isReorder = REORDER_FIELDS.some((name) => body[name] !== undefined);
  if (uris !== undefined && isReorder) throw badRequest('Reorder and replace cannot be combined');
  if (uris === undefined && !isReorder) {
    throw badRequest('Either uris (replace) or range_start and insert_before (reorder) are required');
  }

  let result: WriteResult;
  if (uris !== undefined) {
    result = context.playlists.replace(id, replaceItems(context, uris), userId, new Date(context.now()));
  } else {
    if (body.snapshot_id !== undefined && typeof body.snapshot_id !== 'string') {
      throw badRequest('Invalid snapshot_id: must be a string');
    }
    result = context.playlists.reorder(id, {
      rangeStart: integerField(body, 'range_start'),
      insertBefore: integerField(body, 'insert_before'),
      rangeLength: integerField(body, 'range_length', 1),
      snapshotId: body.snapshot_id as string | undefined,
    });
  }
  if (!result.ok) throw new ServiceError(result.status, result.message);
  // What is playing stays put: the player follows its entry into the new order.
  if (result.changed) context.playback.playlistChanged(playlist, context.playlists.get(id)!, context.now());
  return sendJson(reply, JSON.stringify({ snapshot_id: result.snapshotId }));
});
