import type { FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context.js';
import { grantOf, sendJson, userOf } from '../http.js';
import { idsParam, type Query } from '../params.js';
import { contextUriOf } from '../play-context.js';
import { isoTimestamp } from '../seed/text.js';
import type { LibraryItem, LibraryType } from '../store/library.js';
import { followTypeParam, idsOf, MAX_IDS, requireExisting, requireScopes, urisParam } from './library-items.js';
import { plainRoute, type Handler } from './route.js';

/**
 * Saving and removing (liking, following) and whether items are saved: `/me/library` by URI, of any kind,
 * and the older routes of one kind each, by id (refused to development-mode apps, dev-mode.ts). Each kind's
 * scope is checked (library-items.ts); a save of an id that does not exist changes nothing (404).
 */
type ItemsOf = (request: FastifyRequest) => LibraryItem[];

const byUris: ItemsOf = (request) => urisParam(request.query as Query);
const ofType = (type: LibraryType): ItemsOf => (request) => idsOf(request.query as Query, request.body, type);
const followed: ItemsOf = (request) => {
  const query = request.query as Query;
  const type = followTypeParam(query);
  return idsParam(query, MAX_IDS).map((id) => ({ type, id }));
};

function write(action: 'save' | 'remove', itemsOf: ItemsOf, status: 200 | 204): Handler {
  return plainRoute((context) => (request, reply) => {
    const userId = userOf(request);
    const items = itemsOf(request);
    requireScopes(grantOf(request).scopes, items, 'modify');
    if (action === 'save') requireExisting(context, items);
    keepingLikedSongsInPlace(context, userId, items, () => {
      if (action === 'save') context.library.save(userId, items, isoTimestamp(context.now()));
      else context.library.remove(userId, items);
    });
    return reply.code(status).send();
  });
}

/** A player on the user's liked songs stays on its track when a like moves it (playback.ts). */
function keepingLikedSongsInPlace(context: ServiceContext, userId: string, items: readonly LibraryItem[], change: () => void): void {
  const uri = contextUriOf('collection', userId);
  const before = items.some((item) => item.type === 'track') && context.playback.plays(userId, uri) ? context.contexts.ofCollection(userId) : null;
  change();
  if (before) context.playback.contextChanged(userId, before, context.contexts.ofCollection(userId)!, context.now());
}

function contains(itemsOf: ItemsOf): Handler {
  return plainRoute((context) => (request, reply) => {
    const userId = userOf(request);
    const items = itemsOf(request);
    requireScopes(grantOf(request).scopes, items, 'read');
    return sendJson(reply, JSON.stringify(items.map((item) => context.library.contains(userId, item.type, item.id))));
  });
}

export const saveToLibrary = write('save', byUris, 200);
export const removeFromLibrary = write('remove', byUris, 200);
export const libraryContains = contains(byUris);

export const saveOfType = (type: LibraryType) => write('save', ofType(type), 200);
export const removeOfType = (type: LibraryType) => write('remove', ofType(type), 200);
export const containsOfType = (type: LibraryType) => contains(ofType(type));

export const follow = write('save', followed, 204);
export const unfollow = write('remove', followed, 204);
export const followContains = contains(followed);
