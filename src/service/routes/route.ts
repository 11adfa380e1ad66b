import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import type { RouteAuth } from '../auth.js';
import type { ServiceContext } from '../context.js';

/**
 * What a route of the list says about itself (routes/list.ts), and how the app registers those it serves
 * itself. README.md beside this file says how to add one.
 */

/** The query parameters routes read; a rendered route keys its cached bodies by every one it declares. */
export type QueryName =
  | 'market'
  | 'limit'
  | 'offset'
  | 'fields'
  | 'additional_types'
  | 'ids'
  | 'position_ms'
  | 'state'
  | 'volume_percent'
  | 'device_id'
  | 'uri'
  | 'uris'
  | 'challenge'
  | 'position'
  | 'q'
  | 'type'
  | 'include_external'
  | 'include_groups'
  | 'after'
  | 'before';

/** How `serve --dev-mode` answers the route (dev-mode.ts, docs/api/dev-mode.md). */
export type DevMode = 'served' | 'refused' | 'own playlists only';

/** A request the tests can make, and what it gets: 200 by default when the route has a body, else 204. */
export interface SampleRequest {
  url: string;
  payload?: string | object;
  headers?: Record<string, string>;
  status?: number;
}

/** How a route answers: made once per service from its context and its own entry of the list. */
export interface Handler {
  make(context: ServiceContext, route: Route): RouteHandlerMethod;
}

/** The schema of a 200 body in the tests (test/helpers/body-schemas.ts): one name a shape, shared by routes that send it. */
export type BodyName =
  | 'user'
  | 'episode'
  | 'playback state'
  | 'track'
  | 'several tracks'
  | 'chapter'
  | 'several chapters'
  | 'page of chapters'
  | 'page of playlist items'
  | 'snapshot'
  | 'playlist'
  | 'page of playlists'
  | 'page of saved shows'
  | 'page of saved audiobooks'
  | 'show'
  | 'page of episodes'
  | 'devices'
  | 'queue'
  | 'album'
  | 'page of simplified tracks'
  | 'artist'
  | 'page of artist albums'
  | 'several artists'
  | 'search results'
  | 'page of saved tracks'
  | 'page of saved albums'
  | 'followed artists'
  | 'recently played'
  | 'booleans';

export interface Route {
  /** The reference's name for the operation, or ours where it has none. */
  name: string;
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  /** As fastify matches it: `/v1/shows/:id/episodes`. */
  path: string;
  /** What the caller's token must grant (decisions §2); null where no token is asked for. */
  auth: RouteAuth | null;
  /** Answered even once the database is found damaged: the route reads nothing of it. */
  servedWhenDamaged?: true;
  /** The query parameters it reads, in the order they are checked (and carried into a page's links). */
  query: readonly QueryName[];
  devMode: DevMode;
  /** Its 200 body's schema; null when it sends no JSON of the API (204, a page, a picture, OAuth). */
  body: BodyName | null;
  /** Requests with ids of the seeded catalog, the first one the route's plain use. */
  samples(ids: SampleIds): SampleRequest[];
  /** Null for the routes registered by their own plugin (OAuth, pictures, the instance check). */
  handler: Handler | null;
}

/** Ids of a seeded catalog the samples are made with (the tests find them in any catalog). */
export interface SampleIds {
  demoUser: string;
  /** A user of another country than the demo user's. */
  otherUser: string;
  countrylessUser: string;
  album: string;
  /** An artist with albums of their own. */
  artist: string;
  /** A track's name, to search for. */
  trackName: string;
  /** Sold to the demo user. */
  track: string;
  /** Not sold to the demo user, with a copy that is. */
  relinkedTrack: string;
  /** Not sold to the demo user, with no copy. */
  foreignTrack: string;
  show: string;
  foreignShow: string;
  episode: string;
  foreignEpisode: string;
  audiobook: string;
  foreignAudiobook: string;
  chapter: string;
  foreignChapter: string;
  /** The demo user's first playlist. */
  playlist: string;
  bigPlaylist: string;
  mixedPlaylist: string;
  collaborativePlaylist: string;
  /** Followed, owned by someone else, not collaborative. */
  othersPlaylist: string;
  /** A track in `playlist`. */
  playlistTrack: string;
}

/** A handler that reads the request itself (commands, the player, the profile). */
export function plainRoute(make: (context: ServiceContext) => RouteHandlerMethod): Handler {
  return { make: (context) => make(context) };
}

/** Registers every route of `routes` that has a handler, with its auth from its entry. */
export function registerRoutes(app: FastifyInstance, context: ServiceContext, routes: readonly Route[]): void {
  for (const route of routes) {
    if (!route.handler) continue;
    const config = { auth: route.auth ?? undefined, devMode: route.devMode, ...(route.servedWhenDamaged ? { servedWhenDamaged: true } : {}) };
    app.route({ method: route.method, url: route.path, config, handler: route.handler.make(context, route) });
  }
}
