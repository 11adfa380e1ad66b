import type { FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context.js';
import { badRequest, notFound } from '../errors.js';
import { FieldsError, parseFields, projectFields } from '../fields.js';
import { grantOf, marketFor, originOf, sendTagged } from '../http.js';
import { isAvailableIn } from '../markets.js';
import { additionalTypesParam, idParam, idsParam, marketParam, pageParams, single, type PageParams, type Query } from '../params.js';
import { cacheKey, withEtag, type Covered, type KeyPart } from '../render/cache.js';
import { listPageJson, type PagedList } from '../render/paging.js';
import type { Handler, QueryName, Route } from './route.js';

/**
 * Routes whose answer is a rendered body, cached with its ETag: a paged list or a single object. The cache
 * key is made here from the request, never by the route: its path and id, the user, the market, the origin,
 * and every query parameter the route declares (the page among them). A body can only be built from what
 * `View` holds, so nothing it depends on can be left out of its key; what writes change, `covers` names.
 */

const MAX_IDS = 50;

/** What of the request a body may depend on. */
export interface View {
  /** The path's id, checked as a base-62 id ('' for a path without one). */
  id: string;
  userId: string | null;
  /** The market content is judged in (decisions §4). */
  market: string | null;
  /** The origin the body's links are made of. */
  origin: string;
  /** The declared query parameters as given (checked); `limit` and `offset` are in `page`. */
  query: Readonly<Partial<Record<QueryName, string>>>;
}

export interface PagedView extends View {
  page: PageParams;
}

interface Rendered<Found> {
  /** The data the body is built from that writes change (render/cache.ts). */
  covers: readonly Covered[];
  /** The object the path names, or a 404 (`notFound()`): asked on every request, before the cache. */
  find?(context: ServiceContext, view: View): Found;
}

export interface PagedSpec<Found> extends Rendered<Found> {
  maxLimit: number;
  list(context: ServiceContext, view: PagedView, found: Found): PagedList;
}

export interface ObjectSpec<Found> extends Rendered<Found> {
  /** How a route that declares `limit` without paging by offset (a cursor, search's bounds) reads its page. */
  page?: PageReader;
  render(context: ServiceContext, view: PagedView, found: Found): string;
}

/** The page a request asks for, checked (400 when out of bounds). */
export type PageReader = (query: Query, context: ServiceContext) => PageParams;

/** `row` when it exists and is sold in the view's market; else 404, as a single read answers (decisions §4). */
export function availableOr404<Row extends { markets: readonly string[] }>(row: Row | null, view: View): Row {
  if (!row || !isAvailableIn(row.markets, view.market)) throw notFound();
  return row;
}

/** A paged list (decisions §5): its links carry the declared parameters besides the page, in their order. */
export function pagedRoute<Found = null>(spec: PagedSpec<Found>): Handler {
  return renderedRoute(spec, (query) => pageParams(query, spec.maxLimit), (context, view, found, path) => {
    const list = spec.list(context, view, found);
    return listPageJson(list, `${view.origin}${path}`, view.page, Object.entries(view.query));
  });
}

/** One object, or a batch of them. */
export function objectRoute<Found = null>(spec: ObjectSpec<Found>): Handler {
  return renderedRoute(spec, spec.page ?? null, (context, view, found) => spec.render(context, view, found));
}

/** The body's JSON, for the route's concrete path (its links are made of it). */
type Body<Found> = (context: ServiceContext, view: PagedView, found: Found, path: string) => string;

function renderedRoute<Found>(spec: Rendered<Found>, pageOf: PageReader | null, body: Body<Found>): Handler {
  return {
    make(context, route) {
      const parameter = /:([A-Za-z_]+)/.exec(route.path)?.[1];
      if (route.query.includes('limit') !== (pageOf !== null)) throw new Error(`${route.path}: a route that declares limit reads a page, and only such a route does`);
      const filtered = route.query.includes('fields');
      return (request, reply) => {
        const view = viewOf(request, context, route, parameter, pageOf);
        const found = spec.find ? spec.find(context, view) : (null as Found);
        const key = cacheKey(context.versions, { kind: `${route.method} ${route.path}`, covers: spec.covers, parts: partsOf(route, view) });
        const rendered = context.bodies.get(key, () => {
          const json = body(context, view, found, parameter ? route.path.replace(`:${parameter}`, view.id) : route.path);
          return withEtag(filtered ? withFields(json, view.query.fields) : json);
        });
        return sendTagged(request, reply, rendered);
      };
    },
  };
}

/** Every declared parameter checked, in the route's order (the page's two together). */
function viewOf(request: FastifyRequest, context: ServiceContext, route: Route, parameter: string | undefined, pageOf: PageReader | null): PagedView {
  const id = parameter === undefined ? '' : idParam((request.params as Record<string, string | undefined>)[parameter]);
  const raw = request.query as Query;
  const query: Partial<Record<QueryName, string>> = {};
  let page: PageParams | undefined;
  for (const name of route.query) {
    if (name === 'limit' || name === 'offset') page ??= pageOf!(raw, context);
    else query[name] = parse(raw, name);
  }
  return {
    id,
    userId: grantOf(request).userId,
    market: marketFor(request, context, query.market),
    origin: originOf(request, context),
    query,
    page: page ?? { limit: 0, offset: 0 },
  };
}

function parse(raw: Query, name: Exclude<QueryName, 'limit' | 'offset'>): string | undefined {
  switch (name) {
    case 'market':
      return marketParam(raw);
    case 'ids':
      return idsParam(raw, MAX_IDS).join(',');
    case 'additional_types':
      additionalTypesParam(raw);
      return single(raw, name);
    default:
      return single(raw, name);
  }
}

function partsOf(route: Route, view: PagedView): KeyPart[] {
  const declared = route.query.map((name) => (name === 'limit' ? view.page.limit : name === 'offset' ? view.page.offset : view.query[name]));
  return [view.id, view.userId, view.market, view.origin, ...declared];
}

/** Applies a `fields` filter (decisions §6) to a whole body; 400 naming the position on bad syntax. */
function withFields(body: string, fields: string | undefined): string {
  if (fields === undefined) return body;
  try {
    return JSON.stringify(projectFields(JSON.parse(body), parseFields(fields)));
  } catch (error) {
    if (error instanceof FieldsError) throw badRequest(error.message);
    throw error;
  }
}
