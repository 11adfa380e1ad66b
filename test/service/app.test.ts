import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/service/app.js';
import { openDatabase, type Database } from '../../src/service/store/db.js';
import { fixtureCatalog } from '../helpers/catalog-fixture.js';

let db: Database | undefined;
afterEach(() => db?.close());

describe('buildApp', () => {
  it('refuses a route with a fastify schema, naming where input is checked instead', async () => {
    db = openDatabase({ path: ':memory:', catalog: fixtureCatalog });
    const { app } = buildApp({ db });
    app.get('/v1/with-schema', { schema: { querystring: { type: 'object' } } }, () => 'never');
    await expect(app.ready()).rejects.toThrow(/no fastify schemas: check input in params\.ts/);
    await app.close();
  });
});
