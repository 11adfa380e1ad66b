import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOf } from '../../src/service/render/paging.js';
import { objectRoute, pagedRoute } from '../../src/service/routes/rendered.js';
import { registerRoutes, type Route } from '../../src/service/routes/route.js';
import { createTestService, ids, type TestService } from '../helpers/service.js';

/**
 * The rendered routes' cache key is made from the request, not written by the route: a route whose body is
 * everything it is shown of the request answers differently to every part that differs (path id, user,
 * market, origin, page, each declared parameter), from the cache to the same request, and the same to a
 * parameter it did not declare, which it never sees.
 */
let service: TestService;
let app: FastifyInstance;
let renders = 0;

const echo: Route = {
  name: 'Echo',
  method: 'GET',
  path: '/v1/echo/:id',
  auth: null,
  query: ['market', 'limit', 'offset', 'state'],
  devMode: 'served',
  body: null,
  samples: () => [],
  handler: pagedRoute({
    maxLimit: 50,
    covers: [],
    list: (_context, view) => {
      renders += 1;
      return listOf([view], (shown) => JSON.stringify(shown));
    },
  }),
};

beforeAll(async () => {
  service = await createTestService();
  app = Fastify();
  app.decorateRequest('grant', null);
  app.addHook('onRequest', (request, _reply, done) => {
    request.grant = service.context.tokens.lookup(String(request.headers.authorization).slice('Bearer '.length));
    done();
  });
  registerRoutes(app, service.context, [echo]);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await service.close();
});

async function get(url: string, options: { token?: string; host?: string } = {}) {
  const headers = { authorization: `Bearer ${options.token ?? service.token}`, host: options.host ?? 'localhost:80' };
  const response = await app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.body, etag: response.headers.etag };
}

const ID = ids.track(1);
const BASE = `/v1/echo/${ID}?market=US&limit=5&offset=0&state=a`;

describe('a rendered route', () => {
  it('answers every part of the request that differs with a body of its own', async () => {
    const variants = [
      get(BASE),
      get(BASE.replace(ID, ids.track(2))),
      get(BASE, { token: service.tokenFor({ userId: ids.countryless }) }),
      get(BASE.replace('market=US', 'market=DE'), { token: service.tokenFor({ userId: ids.countryless }) }),
      get(BASE, { host: 'example.test:8443' }),
      get(BASE.replace('limit=5', 'limit=6')),
      get(BASE.replace('offset=0', 'offset=1')),
      get(BASE.replace('state=a', 'state=b')),
    ];
    const bodies = (await Promise.all(variants)).map((answer) => answer.body);
    expect(new Set(bodies).size).toBe(bodies.length);
  });

  it('answers the same request from its cache, and a parameter it did not declare changes nothing', async () => {
    const first = await get(BASE);
    const before = renders;
    expect(await get(BASE)).toEqual(first);
    expect(await get(`${BASE}&undeclared=1`)).toEqual(first);
    expect(renders).toBe(before);
    expect(first.body).not.toContain('undeclared');
  });

  it('shows the body what it declares, in its order, and the market it is judged in', async () => {
    const { body } = await get(BASE, { token: service.tokenFor({ userId: ids.countryless }) });
    const [shown] = JSON.parse(body).items;
    expect(shown).toMatchObject({ id: ID, userId: ids.countryless, market: 'US', origin: 'http://localhost:80', query: { market: 'US', state: 'a' } });
    expect(Object.keys(shown.query)).toEqual(['market', 'state']);
    expect(JSON.parse(body).href).toBe(`http://localhost:80/v1/echo/${ID}?offset=0&limit=5&market=US&state=a`);
  });

  it('is refused at registration when it is paged without declaring its page, or declares one without being paged', () => {
    const unpaged = Fastify();
    unpaged.decorateRequest('grant', null);
    expect(() => registerRoutes(unpaged, service.context, [{ ...echo, query: ['market'] }])).toThrow(/declares limit reads a page/);
    const object = { ...echo, handler: objectRoute({ covers: [], render: () => '{}' }) };
    expect(() => registerRoutes(unpaged, service.context, [object])).toThrow(/declares limit reads a page/);
  });
});
