import { ServiceError, badRequest } from '../errors.js';
import { isAvailableIn, trackAvailability } from '../markets.js';
import type { ServiceContext } from '../context.js';
import { parseUri, type ContextItem, type PlayContext } from '../play-context.js';
import type { PlayRequest } from '../playback.js';

/** The most items Start Playback's `uris` takes. */
export const MAX_PLAY_URIS = 100;

const notFound = (message: string) => new ServiceError(404, message);

/**
 * Start/Resume Playback's body, checked: `context_uri` (a playlist, show, audiobook, album, or the user's
 * liked songs as `prefix:user:ID:collection`) or `uris` (tracks
 * and episodes, at most 100), with `offset` (`{position}` or `{uri}`) and `position_ms`; none of them:
 * resume. Bad values: 400 naming the field; unknown items: 404; content unavailable in the user's market:
 * 403 with reason UNKNOWN (as the real service).
 */
export function playRequestOf(context: ServiceContext, body: unknown, market: string | null, userId: string): PlayRequest {
  if (body === undefined || body === null) return { kind: 'resume' };
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('Invalid request body: expected a JSON object');
  const fields = body as Record<string, unknown>;
  if (fields.context_uri !== undefined && fields.uris !== undefined) {
    throw badRequest('Invalid request body: give context_uri or uris, not both');
  }
  const positionMs = positionOf(fields.position_ms);
  if (fields.context_uri === undefined && fields.uris === undefined) {
    if (fields.offset !== undefined || positionMs !== undefined) throw badRequest('Missing context_uri or uris');
    return { kind: 'resume' };
  }
  const played = fields.context_uri !== undefined ? contextOf(context, fields.context_uri, market, userId) : null;
  const uris = played ? null : urisOf(context, fields.uris);
  const playContext = played ?? context.contexts.ofUris(uris!);
  if (playContext.length === 0) throw badRequest('Invalid context_uri: it has nothing to play');
  const offset = offsetOf(playContext, fields.offset);
  const item = playContext.itemAt(offset);
  // No item at all: a playlist file's line naming no file (decisions §21), which the player passes over.
  if (item !== null && !isPlayableIn(context, item, market)) {
    throw new ServiceError(403, `Player command failed: ${item.type} ${item.id} is not available in ${market ?? 'any market'}`, 'UNKNOWN');
  }
  return uris
    ? { kind: 'uris', uris, offset, positionMs }
    : { kind: 'context', context: playContext, offset, positionMs };
}

function positionOf(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (!(typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)) {
    throw badRequest('Invalid position_ms: must be a non-negative integer');
  }
  return value;
}

function contextOf(context: ServiceContext, value: unknown, market: string | null, userId: string): PlayContext {
  const parsed = typeof value === 'string' ? parseUri(value) : null;
  if (!parsed || parsed.type === 'track' || parsed.type === 'episode' || parsed.type === 'chapter') {
    throw badRequest('Invalid context_uri: must be the uri of a playlist, a show, an audiobook, an album or your liked songs');
  }
  if (parsed.type === 'playlist') {
    const playlist = context.playlists.get(parsed.id);
    if (!playlist) throw notFound(`Invalid context_uri: no playlist ${parsed.id}`);
    return context.contexts.ofPlaylist(playlist);
  }
  if (parsed.type === 'collection') {
    if (parsed.id !== userId) throw new ServiceError(403, 'Invalid context_uri: only your own liked songs can be played');
    return context.contexts.ofCollection(userId)!;
  }
  if (parsed.type === 'album') {
    // Sold or not, an album is a context: its tracks are judged one by one, as a playlist's are.
    const album = context.contexts.ofContainer('album', parsed.id);
    if (!album) throw notFound(`Invalid context_uri: no album ${parsed.id}`);
    return album;
  }
  const row = parsed.type === 'show' ? context.catalog.show(parsed.id) : context.catalog.audiobook(parsed.id);
  if (!row) throw notFound(`Invalid context_uri: no ${parsed.type} ${parsed.id}`);
  if (!isAvailableIn(row.markets, market)) {
    throw new ServiceError(403, `Player command failed: ${parsed.type} ${parsed.id} is not available in ${market ?? 'any market'}`, 'UNKNOWN');
  }
  return context.contexts.ofContainer(parsed.type, parsed.id)!;
}

function urisOf(context: ServiceContext, value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_PLAY_URIS) {
    throw badRequest(`Invalid uris: must be an array of 1 to ${MAX_PLAY_URIS} track or episode uris`);
  }
  return value.map((uri, place) => {
    const parsed = typeof uri === 'string' ? parseUri(uri) : null;
    if (!parsed || (parsed.type !== 'track' && parsed.type !== 'episode')) {
      throw badRequest(`Invalid uris: item ${place} is not the uri of a track or an episode`);
    }
    const exists = parsed.type === 'track' ? context.catalog.track(parsed.id) : context.catalog.episode(parsed.id);
    if (!exists) throw notFound(`Invalid uris: no ${parsed.type} ${parsed.id}`);
    return uri as string;
  });
}

/** `offset`: `{position}` within the context, or `{uri}` of one of its items (the first copy). */
function offsetOf(played: PlayContext, offset: unknown): number {
  if (offset === undefined) return 0;
  if (typeof offset !== 'object' || offset === null || Array.isArray(offset)) {
    throw badRequest('Invalid offset: must be an object with position or uri');
  }
  const { position, uri } = offset as { position?: unknown; uri?: unknown };
  if (position !== undefined && uri !== undefined) throw badRequest('Invalid offset: give position or uri, not both');
  if (position !== undefined) {
    if (typeof position === 'number' && Number.isSafeInteger(position) && position >= 0 && position < played.length) return position;
    throw badRequest(`Invalid offset: position must be an integer from 0 to ${played.length - 1}`);
  }
  const parsed = typeof uri === 'string' ? parseUri(uri) : null;
  if (!parsed) throw badRequest('Invalid offset: must be an object with position or uri');
  for (let index = 0; index < played.length; index++) {
    const item = played.itemAt(index);
    if (item?.id === parsed.id && item.type === parsed.type) return index;
  }
  throw badRequest('Invalid offset: uri is not in the context');
}

export function isPlayableIn(context: ServiceContext, item: ContextItem, market: string | null): boolean {
  if (item.type === 'track') {
    const track = context.catalog.track(item.id);
    if (!track) return false;
    const copy = track.relinkedTo ? context.catalog.track(track.relinkedTo) : null;
    return trackAvailability(track.markets, copy ? copy.markets : null, market) !== 'unplayable';
  }
  const row = item.type === 'episode' ? context.catalog.episode(item.id) : context.catalog.chapter(item.id);
  return row !== null && isAvailableIn(row.markets, market);
}
