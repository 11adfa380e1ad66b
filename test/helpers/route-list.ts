import { ROUTES } from '../../src/service/routes/list.js';
import type { Route, SampleIds, SampleRequest } from '../../src/service/routes/route.js';

/** The route list (src/service/routes/list.ts) as the tests read it. */
export { ROUTES };

/** The routes of the API (under /v1), and those of them that answer a body of their own schema. */
export const API_ROUTES = ROUTES.filter((route) => route.path.startsWith('/v1/'));
export const API_READS = API_ROUTES.filter((route) => route.method === 'GET' && route.body !== null);
export const API_WRITES = API_ROUTES.filter((route) => route.method !== 'GET');

/** `GET /v1/shows/:id`: how the list and fastify name a route. */
export const routeKey = (route: Pick<Route, 'method' | 'path'>) => `${route.method} ${route.path}`;

/** The route's path with `id` in place of its parameter. */
export function pathWith(route: Route, id: string): string {
  return route.path.replace(/:[A-Za-z_]+/, id);
}

function patternOf(route: Route): RegExp {
  return new RegExp(`^${route.path.replace(/:[A-Za-z_]+/g, '[^/?]+')}(?:[?]|$)`);
}

/** The listed route a request goes to (by method and path); throws when none does. */
export function routeOf(method: string, url: string): Route {
  const route = ROUTES.find((candidate) => candidate.method === method && patternOf(candidate).test(url));
  if (!route) throw new Error(`no listed route answers ${method} ${url}`);
  return route;
}

/** What a sample expects: its own status, else 200 for a body or a GET, 204 for a command. */
export function expectedStatus(route: Route, sample: SampleRequest): number {
  return sample.status ?? (route.body !== null || route.method === 'GET' ? 200 : 204);
}

/** The values of the route's path parameter its samples use (a fuzzer's known ids). */
export function sampleIdsIn(route: Route, ids: SampleIds): string[] {
  const at = route.path.split('/').findIndex((segment) => segment.startsWith(':'));
  if (at < 0) return [];
  return [...new Set(route.samples(ids).map((sample) => sample.url.split('?')[0]!.split('/')[at]!))];
}

/** A sample with a `fields` filter: its body is a part of one of the schema, not one itself. */
export const isFiltered = (sample: SampleRequest) => /[?&]fields=/.test(sample.url);
