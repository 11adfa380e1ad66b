import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/service/app.js';
import type { Route, SampleRequest } from '../../src/service/routes/route.js';
import { openDatabase } from '../../src/service/store/db.js';
import { bodyValidator } from '../helpers/body-schemas.js';
import { fixtureCatalog } from '../helpers/catalog-fixture.js';
import { expectErrorShape } from '../helpers/error-shape.js';
import { API_READS, API_ROUTES, API_WRITES, ROUTES, expectedStatus, isFiltered, routeKey } from '../helpers/route-list.js';
import { sampleIdsOf } from '../helpers/sample-ids.js';
import { ConsentCode } from '../../src/service/oauth/consent-code.js';
import { createTestService, type TestService } from '../helpers/service.js';

/**
 * The route list (src/service/routes/list.ts) against the service: it names every route fastify registers and
 * no other, with their auth; every sample gets its status and a body of its schema; dev mode answers as each
 * entry says; and no cached body outlives a write, whichever write.
 */
const NOW = Date.UTC(2025, 0, 1, 12);
const ids = sampleIdsOf(fixtureCatalog());
const INSTANCE = { instance: 'route-list-test', database: ':memory:', secret: 'route-list-secret' };
/** The consent page and the OAuth endpoints are serve's: the list names them, so the service here serves them. */
const consent = () => new ConsentCode();

const service = (options: { devMode?: boolean } = {}) => createTestService({ now: () => NOW, instance: INSTANCE, consent: consent(), ...options });

function send(target: TestService, route: Route, sample: SampleRequest) {
  return target.request({ method: route.method, url: sample.url, payload: sample.payload, headers: sample.headers });
}

describe('the list and the app', () => {
  it('names every route fastify registers, with its auth, and no route that is not registered', async () => {
    const { app, routes } = buildApp({ db: openDatabase({ path: ':memory:', catalog: fixtureCatalog }), instance: INSTANCE, consent: consent() });
    await app.ready();
    const registered = routes
      .filter((route) => route.method !== 'HEAD')
      .map((route) => ({ route: `${route.method} ${route.url}`, auth: route.config.auth ?? null, servedWhenDamaged: route.config.servedWhenDamaged ?? false }));
    const listed = ROUTES.map((route) => ({ route: routeKey(route), auth: route.auth, servedWhenDamaged: route.servedWhenDamaged ?? false }));
    const byRoute = (a: { route: string }, b: { route: string }) => a.route.localeCompare(b.route);
    expect(registered.sort(byRoute)).toEqual(listed.sort(byRoute));
    // The HEAD routes fastify adds are those of the listed GETs.
    const heads = routes.filter((route) => route.method === 'HEAD').map((route) => route.url).sort();
    expect(heads).toEqual(ROUTES.filter((route) => route.method === 'GET').map((route) => route.path).sort());
    await app.close();
  });

  it('gives each route a name of its own and at least one sample', () => {
    expect(new Set(ROUTES.map((route) => route.name)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map(routeKey)).size).toBe(ROUTES.length);
    for (const route of ROUTES) expect(route.samples(ids).length, route.name).toBeGreaterThan(0);
  });
});

describe.each(ROUTES.map((route) => [route.name, route] as const))('%s', (_name, route) => {
  let target: TestService;
  beforeAll(async () => {
    target = await service();
  });
  afterAll(() => target.close());

  it.each(route.samples(ids).map((sample) => [sample.url, sample] as const))('%s answers as its sample says', async (_url, sample) => {
    const response = await send(target, route, sample);
    const where = `${route.method} ${sample.url} -> ${response.status} ${response.raw.slice(0, 300)}`;
    expect(response.status, where).toBe(expectedStatus(route, sample));
    // A `fields` filter leaves out what the schema asks for: filtered bodies are fuzz-reads' to check.
    if ((response.status === 200 || response.status === 201) && route.body !== null && !isFiltered(sample)) {
      const validate = bodyValidator(route.body);
      expect(validate(response.body) ? [] : validate.errors, where).toEqual([]);
    }
    if (response.status >= 400 && route.path.startsWith('/v1/')) expectErrorShape(response, target.token, where);
  });
});

describe('serve --dev-mode, as each entry says', () => {
  const owned = (sample: SampleRequest) => ![ids.othersPlaylist].some((id) => sample.url.includes(id));
  it.each(API_ROUTES.map((route) => [route.name, route] as const))('%s', async (_name, route) => {
    const target = await service({ devMode: true });
    try {
      for (const sample of route.samples(ids)) {
        const response = await send(target, route, sample);
        const refused = route.devMode === 'refused' || (route.devMode === 'own playlists only' && !owned(sample));
        expect(response.status, `${route.method} ${sample.url}`).toBe(refused ? 403 : expectedStatus(route, sample));
      }
    } finally {
      await target.close();
    }
  });
});

describe('the body cache', () => {
  // A write that changes what a cached body shows, without bumping the version the body covers, would keep
  // sending the old body: every write of the list, then every read, against a service just started on the
  // same database (whose caches are empty).
  it.each(API_WRITES.map((route) => [route.name, route] as const))('after %s, every read answers what a fresh service answers', async (_name, write) => {
    const target = await service();
    const reads = API_READS.flatMap((route) => route.samples(ids).map((sample) => ({ route, sample })));
    try {
      for (const { route, sample } of reads) await send(target, route, sample);
      const [sample] = write.samples(ids);
      expect((await send(target, write, sample!)).status).toBe(expectedStatus(write, sample!));
      const fresh = buildApp({ db: target.db, now: () => NOW });
      await fresh.app.ready();
      try {
        for (const { route, sample: read } of reads) {
          const expected = await fresh.app.inject({ method: 'GET', url: read.url, headers: { authorization: `Bearer ${target.token}` } });
          expect((await send(target, route, read)).raw, read.url).toBe(expected.body);
        }
      } finally {
        await fresh.app.close();
      }
    } finally {
      await target.close();
    }
  });
});
