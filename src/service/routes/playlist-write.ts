import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireScope } from '../auth.js';
import type { ServiceContext } from '../context.js';
import { ServiceError, badRequest, forbidden, notFound } from '../errors.js';
import { grantOf, sendJson, userOf } from '../http.js';
import { idParam, single, type Query } from '../params.js';
import { keyOfLocalUri } from '../playlist-files/locations.js';
import type { ItemRef } from '../store/playlist-edits.js';
import type { Playlist, WriteResult } from '../store/playlists.js';

/** What the writes of a playlist share: the body, the caller's right to write, the items named, the answer. */

/** The most items one write may name (add, remove, replace). */
export const MAX_ITEMS = 100;
// Any prefix is accepted (decisions §1: clients and services may use their own).
const ITEM_URI = /^[A-Za-z][A-Za-z0-9-]*:(track|episode):([0-9A-Za-z]{22})$/;

export const NOT_WRITABLE = 'You cannot change a playlist you neither own nor collaborate on';

export type Body = Record<string, unknown>;

export function bodyObject(body: unknown): Body {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('Invalid request body: expected a JSON object');
  return body as Body;
}

/**
 * A track or episode URI as the item it names, or a local file's (`prefix:local:…`: an unavailable line of a
 * playlist file, decisions §21); null when it is neither.
 */
export function parseItemUri(uri: string): ItemRef | null {
  const match = ITEM_URI.exec(uri);
  if (match) return { type: match[1] as 'track' | 'episode', id: match[2]! };
  const key = keyOfLocalUri(uri);
  return key === null ? null : { type: 'local', id: key };
}

export const invalidUri = (uri: string) => badRequest(`Invalid uri: ${uri.slice(0, 100)}`);

/**
 * The items of `uris` for the playlist `playlistId`, each a track or episode of the catalog, or an
 * unavailable line put back into a playlist file (an undone removal); else 400 naming it.
 */
export function existingItems(context: ServiceContext, uris: readonly string[], playlistId: string): ItemRef[] {
  const files = context.playlistFiles;
  return uris.map((uri) => {
    const item = parseItemUri(uri);
    const exists =
      item?.type === 'local' ? files?.holds(playlistId) === true : item && (item.type === 'track' ? context.catalog.track(item.id) : context.catalog.episode(item.id));
    if (!item || !exists) throw invalidUri(uri);
    const problem = files?.lineProblem(playlistId, item) ?? null;
    if (problem !== null) throw badRequest(problem);
    return item;
  });
}

/** `uris` from the query (comma-separated, wins as in the reference) or the body; undefined when neither has it. */
export function urisOf(query: Query, body: Body): string[] | undefined {
  const fromQuery = single(query, 'uris');
  if (fromQuery !== undefined) return fromQuery.split(',').map((uri) => uri.trim());
  if (body.uris === undefined) return undefined;
  if (!Array.isArray(body.uris) || !body.uris.every((uri) => typeof uri === 'string')) {
    throw badRequest('Invalid uris: must be an array of strings');
  }
  return body.uris as string[];
}

/** `snapshot_id` of the body: a string, or undefined when absent. */
export function snapshotOf(body: Body): string | undefined {
  if (body.snapshot_id !== undefined && typeof body.snapshot_id !== 'string') throw badRequest('Invalid snapshot_id: must be a string');
  return body.snapshot_id as string | undefined;
}

/**
 * The playlist of the path, when the caller may change its items (decisions §2): 404 for none, 403 without the
 * scope its visibility asks (`playlist-modify-public` or `-private`), 403 with the reason unless the user owns
 * it or it is collaborative.
 */
export function writablePlaylist(context: ServiceContext, request: FastifyRequest): { playlist: Playlist; userId: string } {
  const id = idParam((request.params as { playlist_id?: string }).playlist_id);
  const userId = userOf(request);
  const playlist = context.playlists.get(id);
  if (!playlist) throw notFound();
  requireScope(grantOf(request), scopeFor(playlist.isPublic));
  if (playlist.ownerId !== userId && !playlist.collaborative) throw forbidden(NOT_WRITABLE);
  // A playlist kept as a file whose file cannot be written (decisions §21).
  const refusal = context.playlistFiles?.refusal(playlist.id) ?? null;
  if (refusal !== null) throw forbidden(refusal);
  return { playlist, userId };
}

export const scopeFor = (isPublic: boolean) => (isPublic ? 'playlist-modify-public' : 'playlist-modify-private');

/** `{snapshot_id}` of a write that succeeded (the player following its entry), or the store's refusal. */
export function sendWriteResult(
  context: ServiceContext,
  reply: FastifyReply,
  before: Playlist,
  result: WriteResult,
  status = 200,
): FastifyReply {
  if (!result.ok) throw new ServiceError(result.status, result.message);
  // What is playing stays put: the player follows its entry into the new order.
  if (result.changed) context.playback.playlistChanged(before, context.playlists.get(before.id)!, context.now());
  return sendJson(reply, JSON.stringify({ snapshot_id: result.snapshotId }), status);
}
