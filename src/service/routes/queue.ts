import type { ServiceContext } from '../context.js';
import { ServiceError, badRequest } from '../errors.js';
import { marketFor, originOf, sendJson, userOf } from '../http.js';
import { parseUri, type ContextItem } from '../play-context.js';
import { MAX_QUEUED, upcoming } from '../queue.js';
import { single, type Query } from '../params.js';
import { isPlayableIn } from './play-body.js';
import { plainRoute } from './route.js';

/** A queue item as a full track, episode or chapter object ('null' when it has gone from the catalog). */
function itemJson(context: ServiceContext, item: ContextItem, market: string | null, userId: string, origin: string): string {
  if (item.type === 'track') {
    const track = context.catalog.track(item.id);
    return track ? context.render.track(track, market, origin) : 'null';
  }
  if (item.type === 'episode') {
    const episode = context.catalog.episode(item.id);
    return episode ? context.render.episode(episode, market, userId, origin) : 'null';
  }
  const chapter = context.catalog.chapter(item.id);
  return chapter ? context.render.chapter(chapter, market, userId, origin, false) : 'null';
}

/** Get the User's Queue: what plays and what comes next. */
export const queue = plainRoute((context) => (request, reply) => {
  const userId = userOf(request);
  const market = marketFor(request, context, undefined);
  const origin = originOf(request, context);
  const current = context.playback.current(userId, context.now());
  const playing = current ? context.playback.itemOf(current) : null;
  const currentlyPlaying = playing ? itemJson(context, playing, market, userId, origin) : 'null';
  const upNext = current ? upcoming(current).map((item) => itemJson(context, item, market, userId, origin)) : [];
  return sendJson(reply, `{"currently_playing":${currentlyPlaying},"queue":[${upNext.join(',')}]}`);
});

/** Add Item to Playback Queue: a track or an episode playable in the user's market. */
export const addToQueue = plainRoute((context) => (request, reply) => {
  const uri = single(request.query as Query, 'uri');
  if (uri === undefined) throw badRequest('Missing required parameter: uri');
  const parsed = parseUri(uri);
  if (!parsed || (parsed.type !== 'track' && parsed.type !== 'episode')) throw badRequest('Invalid uri: must be the uri of a track or an episode');
  const exists = parsed.type === 'track' ? context.catalog.track(parsed.id) : context.catalog.episode(parsed.id);
  if (!exists) throw new ServiceError(404, `Invalid uri: no ${parsed.type} ${parsed.id}`);
  const market = marketFor(request, context, undefined);
  if (!isPlayableIn(context, { type: parsed.type, id: parsed.id }, market)) {
    throw new ServiceError(403, `Player command failed: ${parsed.type} ${parsed.id} is not available in ${market ?? 'any market'}`, 'UNKNOWN');
  }
  const userId = userOf(request);
  const current = context.playback.current(userId, context.now());
  if (!current) throw new ServiceError(404, 'Player command failed: No active device found', 'NO_ACTIVE_DEVICE');
  if ((current.state.queue?.length ?? 0) >= MAX_QUEUED) throw badRequest(`Queue is full: at most ${MAX_QUEUED} added items`);
  context.playback.update(userId, (state) => ({ ...state, queue: [...(state.queue ?? []), uri] }), context.now());
  return reply.code(204).send();
});
