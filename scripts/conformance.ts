/**
 * `npm run conformance -- PATH-TO-OPENAPI.yml`: the embedded service's bodies against a public OpenAPI
 * description of the real API, which the project does not ship. It starts the service in process (the small
 * test catalog, then the generated demo catalog), makes the samples of every route of the route list
 * (src/service/routes/list.ts) that answers a body, and validates each body against the description's
 * response schema. The nulls the real service sends and the description does not allow (an unknown id in a
 * batch read, `item` of an episode playing without additional_types=episode, the end of a list paged by
 * cursor: docs/api.md) are allowed, and said so. Exit 0 when all pass.
 */
import { existsSync } from 'node:fs';
import type { ValidateFunction } from 'ajv';
import type { Route, SampleIds } from '../src/service/routes/route.js';
import { generateCatalog } from '../src/service/seed/generate.js';
import type { SeedCatalog } from '../src/service/seed/types.js';
import { fixtureCatalog } from '../test/helpers/catalog-fixture.js';
import { API_ROUTES, expectedStatus, isFiltered } from '../test/helpers/route-list.js';
import { sampleIdsOf } from '../test/helpers/sample-ids.js';
import { createTestService, ids, type TestService } from '../test/helpers/service.js';
import { loadReference, responseValidators } from './conformance/reference-schemas.js';

interface Check {
  name: string;
  method?: Route['method'];
  url: string;
  payload?: string | object;
  status?: number;
  schema: [path: string, method: string, status?: string];
}

/** The reference's name of a listed path: `/v1/shows/:id` is `/shows/{id}`. */
const referencePath = (route: Route) => route.path.replace(/^\/v1/, '').replace(/:([A-Za-z_]+)/g, '{$1}');

/**
 * The samples of every API route of the list that answers a body: a 2xx against its response schema, an error
 * against the error schema the description gives the same operation (its 401's). A body a `fields` filter
 * cut is left out: it is a part of a body of the schema, not one.
 */
function checks(ids: SampleIds): { route: Route; checks: Check[] }[] {
  return API_ROUTES.filter((route) => route.body !== null).map((route) => ({
    route,
    checks: route.samples(ids).filter((sample) => !isFiltered(sample)).map((sample) => {
      const status = expectedStatus(route, sample);
      const schema: Check['schema'] = [referencePath(route), route.method.toLowerCase(), status < 300 ? String(status) : '401'];
      return { name: `${route.name} ${sample.url}`, method: route.method, url: sample.url, payload: sample.payload, status, schema };
    }),
  }));
}

/** The description types these as never null, although the real service sends null (docs/api.md). */
function allowDocumentedNulls(document: any): void {
  for (const name of ['ManyTracks', 'ManyChapters']) {
    const properties = document.components.responses[name].content['application/json'].schema.properties;
    for (const key of Object.keys(properties)) properties[key].items = { anyOf: [properties[key].items, { type: 'null' }] };
  }
  const item = document.components.schemas.CurrentlyPlayingContextObject.properties.item;
  item.oneOf = [...item.oneOf, { type: 'null' }];
  // A list paged by cursor ends with `next` null, as the description's own words say ("null if none"), and its cursor with it.
  const cursorPaging = document.components.schemas.CursorPagingObject.properties;
  cursorPaging.next = { anyOf: [cursorPaging.next, { type: 'null' }] };
  const cursors = document.components.schemas.CursorObject.properties;
  for (const key of Object.keys(cursors)) cursors[key] = { anyOf: [cursors[key], { type: 'null' }] };
}

const path = process.argv[2];
if (!path || !existsSync(path)) {
  console.error(`usage: npm run conformance -- PATH-TO-OPENAPI.yml${path ? ` (no file at ${path})` : ''}`);
  process.exit(2);
}
const strict = responseValidators(loadReference(path));
const relaxedDocument = loadReference(path);
allowDocumentedNulls(relaxedDocument);
const relaxed = responseValidators(relaxedDocument);
let failures = 0;

function errorsOf(validate: ValidateFunction, body: unknown): string {
  return validate(body) ? '' : JSON.stringify(validate.errors?.slice(0, 3));
}

async function run(service: TestService, check: Check, where: string): Promise<void> {
  const response = await service.request({ method: check.method ?? 'GET', url: check.url, payload: check.payload });
  const label = `${where}: ${check.name}`;
  if (response.status !== (check.status ?? 200)) {
    failures += 1;
    return console.log(`FAIL ${label}: status ${response.status}`);
  }
  const strictErrors = errorsOf(strict(...check.schema), response.body);
  if (!strictErrors) return console.log(`ok   ${label}`);
  const relaxedErrors = errorsOf(relaxed(...check.schema), response.body);
  if (!relaxedErrors) return console.log(`ok   ${label} (with a documented null the description does not allow)`);
  failures += 1;
  console.log(`FAIL ${label}: ${relaxedErrors}`);
}

/** Each catalog's reads on one service; a write's samples on a service of their own, as each sample expects. */
async function runCatalog(where: string, catalog: () => SeedCatalog, then?: (service: TestService) => Promise<void>): Promise<void> {
  const ids = sampleIdsOf(catalog());
  const shared = await createTestService({ catalog });
  for (const { route, checks: routeChecks } of checks(ids)) {
    const service = route.method === 'GET' ? shared : await createTestService({ catalog });
    for (const check of routeChecks) await run(service, check, where);
    if (service !== shared) await service.close();
  }
  await then?.(shared);
  await shared.close();
}

await runCatalog('test catalog', fixtureCatalog, async (fixture) => {
  const play = { context_uri: `playdeck:playlist:${ids.mixedPlaylist}`, offset: { position: 1 } };
  await fixture.request({ method: 'PUT', url: '/v1/me/player/play', payload: play });
  await run(fixture, { name: 'Get Playback State (episode playing)', url: '/v1/me/player?additional_types=episode', schema: ['/me/player', 'get'] }, 'test catalog');
  await run(fixture, { name: 'Get Playback State (episode playing, item null)', url: '/v1/me/player', schema: ['/me/player', 'get'] }, 'test catalog');
});
const demo = generateCatalog();
await runCatalog('demo catalog', () => demo);

console.log(failures === 0 ? 'every body conforms' : `${failures} bodies do not conform`);
process.exit(failures === 0 ? 0 : 1);
