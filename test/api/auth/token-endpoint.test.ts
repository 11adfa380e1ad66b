import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthError, requestToken } from '../../../src/api/auth/token-endpoint.js';

/** Answers each request with the status and body named in its form (`status`, `body`). */
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const form = new URLSearchParams(text);
      response.writeHead(Number(form.get('status')), { 'content-type': 'application/json' });
      response.end(form.get('body'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/token`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const answer = (status: number, body: unknown) =>
  requestToken(url, { status: String(status), body: typeof body === 'string' ? body : JSON.stringify(body) });

describe('requestToken', () => {
  it('reads a token response, defaulting the lifetime and keeping a missing refresh token null', async () => {
    expect(await answer(200, { access_token: 'a', token_type: 'bearer', expires_in: 5, refresh_token: 'r', scope: 's t' })).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      scope: 's t',
      expiresInSeconds: 5,
    });
    expect(await answer(200, { access_token: 'a', token_type: 'Bearer' })).toEqual({
      accessToken: 'a',
      refreshToken: null,
      scope: '',
      expiresInSeconds: 3600,
    });
  });

  it('turns an OAuth error body into an OAuthError with its code', async () => {
    const error = await answer(400, { error: 'invalid_grant', error_description: 'Invalid refresh token' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OAuthError);
    expect(error).toMatchObject({ code: 'invalid_grant', message: 'Invalid refresh token (invalid_grant)', needsLogin: true });
    await expect(answer(401, 'not json')).rejects.toMatchObject({ code: 'http_401', needsLogin: false });
  });

  it('calls 5xx and refused connections unreachable, and odd bodies malformed', async () => {
    await expect(answer(502, '')).rejects.toMatchObject({ code: 'unreachable' });
    await expect(requestToken('http://127.0.0.1:1/api/token', {})).rejects.toMatchObject({ code: 'unreachable' });
    await expect(answer(200, { token_type: 'Bearer' })).rejects.toMatchObject({ code: 'malformed' });
    await expect(answer(200, { access_token: 'a', token_type: 'mac' })).rejects.toMatchObject({ code: 'malformed' });
    await expect(answer(200, { access_token: 'a', token_type: 'Bearer', expires_in: -1 })).rejects.toMatchObject({ code: 'malformed' });
  });
});
