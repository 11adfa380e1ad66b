import type { ServiceContext } from '../context.js';
import { ServiceError, badRequest } from '../errors.js';
import { idsParam, single, type Query } from '../params.js';
import type { LibraryItem, LibraryType } from '../store/library.js';

/**
 * What a library holds, by kind: the scopes that read and change it (decisions §2) and whether an id of it
 * exists. Shared by `/me/library` (any kind, by URI) and the older routes of one kind each (by id).
 */
interface Kind {
  read: string;
  modify: string;
  exists(context: ServiceContext, id: string): boolean;
}

const library = (exists: Kind['exists']): Kind => ({ read: 'user-library-read', modify: 'user-library-modify', exists });
const followed = (exists: Kind['exists']): Kind => ({ read: 'user-follow-read', modify: 'user-follow-modify', exists });

export const KINDS: Record<LibraryType, Kind> = {
  track: library(({ catalog }, id) => catalog.track(id) !== null),
  album: library(({ catalog }, id) => catalog.discography.album(id) !== null),
  episode: library(({ catalog }, id) => catalog.episode(id) !== null),
  show: library(({ catalog }, id) => catalog.show(id) !== null),
  audiobook: library(({ catalog }, id) => catalog.audiobook(id) !== null),
  artist: followed(({ catalog }, id) => catalog.discography.artist(id) !== null),
  user: followed(({ catalog }, id) => catalog.user(id) !== null),
  playlist: { read: 'playlist-read-private', modify: 'playlist-modify-public', exists: ({ playlists }, id) => playlists.get(id) !== null },
};

/** The most URIs one `/me/library` request takes, and ids one request of a single kind. */
export const MAX_URIS = 40;
export const MAX_IDS = 50;

const URI = /^[A-Za-z][A-Za-z0-9-]*:(track|album|episode|show|audiobook|artist|user|playlist):([0-9A-Za-z]{22})$/;

/** `uris`: 1 to 40 comma-separated URIs of any kind the library holds (any prefix, decisions §1). */
export function urisParam(query: Query): LibraryItem[] {
  const raw = single(query, 'uris');
  if (raw === undefined) throw badRequest('Missing required parameter: uris');
  const uris = raw.split(',');
  if (uris.length > MAX_URIS) throw badRequest(`Invalid uris: at most ${MAX_URIS}`);
  return uris.map((uri, place) => {
    const match = URI.exec(uri);
    if (!match) throw badRequest(`Invalid uris: item ${place} is not the uri of a track, album, episode, show, audiobook, artist, user or playlist`);
    return { type: match[1] as LibraryType, id: match[2]! };
  });
}

/** `ids` of one kind, in the query, else in a JSON body `{"ids": [...]}` (as the older routes take them). */
export function idsOf(query: Query, body: unknown, type: LibraryType): LibraryItem[] {
  const inBody = typeof body === 'object' && body !== null && Array.isArray((body as { ids?: unknown }).ids) ? (body as { ids: unknown[] }).ids : null;
  if (single(query, 'ids') === undefined && inBody) {
    if (inBody.length > MAX_IDS || !inBody.every((id) => typeof id === 'string')) throw badRequest(`Invalid ids: at most ${MAX_IDS} strings`);
    return idsParam({ ids: inBody.join(',') }, MAX_IDS).map((id) => ({ type, id }));
  }
  return idsParam(query, MAX_IDS).map((id) => ({ type, id }));
}

/** `type` of the follow routes: artist or user. */
export function followTypeParam(query: Query): 'artist' | 'user' {
  const type = single(query, 'type');
  if (type === undefined) throw badRequest('Missing required parameter: type');
  if (type !== 'artist' && type !== 'user') throw badRequest('Invalid type: must be artist or user');
  return type;
}

/** 403 unless the token grants what each kind asks (`read` or `modify`). */
export function requireScopes(scopes: ReadonlySet<string>, items: readonly LibraryItem[], access: 'read' | 'modify'): void {
  for (const item of items) if (!scopes.has(KINDS[item.type][access])) throw new ServiceError(403, 'Insufficient client scope');
}

/** 404 naming the first item that does not exist: a save changes nothing unless every item exists. */
export function requireExisting(context: ServiceContext, items: readonly LibraryItem[]): void {
  const missing = items.find((item) => !KINDS[item.type].exists(context, item.id));
  if (missing) throw new ServiceError(404, `Resource not found: no ${missing.type} ${missing.id}`);
}
