import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCannedServer, type CannedServer } from './canned-server.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';

let upstream: CannedServer;
let proxy: FaultProxy;

beforeAll(async () => {
  upstream = await startCannedServer((request) => ({ body: { echo: request.url, method: request.method, body: request.body } }));
  proxy = await startFaultProxy(upstream.baseUrl);
});
afterAll(async () => {
  await proxy.close();
  await upstream.close();
});
beforeEach(() => {
  proxy.clear();
  proxy.requests.length = 0;
  upstream.requests.length = 0;
});

const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

describe('startFaultProxy', () => {
  it('keeps the target path in its base URL and passes requests through untouched', async () => {
    expect(proxy.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const response = await fetch(`${proxy.baseUrl}/things?x=1`, { method: 'PUT', body: '{"a":1}' });
    expect(await response.json()).toEqual({ echo: '/v1/things?x=1', method: 'PUT', body: '{"a":1}' });
    expect(proxy.requests).toMatchObject([{ method: 'PUT', url: '/v1/things?x=1', fault: null, status: 200 }]);
  });

  it('answers canned statuses itself, the given number of times, for matching requests only', async () => {
    proxy.inject({ kind: 'status', status: 429, headers: { 'retry-after': '3' } }, { times: 1, match: (method) => method === 'GET' });
    const limited = await fetch(`${proxy.baseUrl}/a`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect((await fetch(`${proxy.baseUrl}/b`)).status).toBe(200);
    expect(upstream.requests.map((request) => request.url)).toEqual(['/v1/b']);
    expect(proxy.count((_method, url) => url.endsWith('/a'))).toBe(1);
  });

  it('drops a connection before forwarding, or after the service answered', async () => {
    proxy.inject({ kind: 'drop' }, { times: 1 });
    expect(await failure(fetch(`${proxy.baseUrl}/dropped`))).toBeInstanceOf(Error);
    expect(upstream.requests).toHaveLength(0);
    proxy.inject({ kind: 'drop-after-forward' }, { times: 1 });
    expect(await failure(fetch(`${proxy.baseUrl}/acted`))).toBeInstanceOf(Error);
    expect(upstream.requests.map((request) => request.url)).toEqual(['/v1/acted']);
  });

  it('holds an answer back for a while', async () => {
    proxy.inject({ kind: 'delay', ms: 50 }, { times: 1 });
    const response = await fetch(`${proxy.baseUrl}/slow`);
    expect(response.status).toBe(200);
    expect(proxy.requests[0]).toMatchObject({ fault: 'delay', status: 200 });
  });
});
