import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type AppDeps } from '../../src/service/app.js';
import type { ServiceContext } from '../../src/service/context.js';
import type { SoundEngine } from '../../src/service/sound/engine.js';
import { demoUserId, openDatabase, type Database } from '../../src/service/store/db.js';
import { fixtureCatalog } from './catalog-fixture.js';

export { ids } from './catalog-fixture.js';

export interface TestService {
  app: FastifyInstance;
  context: ServiceContext;
  /** The sound engine, when `media` and `sound` were given. */
  sound: SoundEngine | null;
  db: Database;
  /** A token of the demo user with every scope. */
  token: string;
  /** Issues another token (scopes: all by default; user: the catalog's demo user by default). */
  tokenFor(options?: { userId?: string | null; scopes?: string[]; ttlSeconds?: number }): string;
  /** `app.inject` with the demo token (or `token`), parsing a JSON body when there is one. */
  request(options: InjectOptions & { token?: string | null }): Promise<{ status: number; body: any; headers: Record<string, unknown>; raw: string }>;
  get(url: string, token?: string | null): Promise<{ status: number; body: any; headers: Record<string, unknown>; raw: string }>;
  close(): Promise<void>;
}

/**
 * A fresh service on an in-memory database seeded with the small fixture catalog (or `catalog`), with
 * a demo-user token. Each call is independent.
 */
export async function createTestService(options: Partial<AppDeps> & { path?: string; catalog?: typeof fixtureCatalog } = {}): Promise<TestService> {
  const db = options.db ?? openDatabase({ path: options.path ?? ':memory:', catalog: options.catalog ?? fixtureCatalog });
  const { app, context, sound } = buildApp({ ...options, db });
  await app.ready();
  const demo = demoUserId(db);
  const tokenFor: TestService['tokenFor'] = (tokenOptions = {}) =>
    context.tokens.issue({
      userId: tokenOptions.userId === undefined ? demo : tokenOptions.userId,
      scopes: tokenOptions.scopes,
      ttlSeconds: tokenOptions.ttlSeconds,
      now: context.now(),
    }).token;
  const token = tokenFor();
  const request: TestService['request'] = async ({ token: requestToken, ...inject }) => {
    const bearer = requestToken === undefined ? token : requestToken;
    const headers = { ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }), ...(inject.headers ?? {}) };
    const response = await app.inject({ ...inject, headers });
    const raw = response.body;
    let body: unknown = undefined;
    if (raw.length > 0 && String(response.headers['content-type'] ?? '').includes('json')) body = JSON.parse(raw);
    return { status: response.statusCode, body, headers: response.headers, raw };
  };
  return {
    app,
    context,
    sound,
    db,
    token,
    tokenFor,
    request,
    get: (url, requestToken) => request({ method: 'GET', url, token: requestToken }),
    close: async () => {
      await app.close();
      db.close();
    },
  };
}
