/** A scripted OAuth token endpoint on 127.0.0.1 for the client's refresh tests: counts, rotates, holds, fails. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTokenEndpoint {
  tokenUrl: string;
  /** Refresh requests received so far. */
  requests: URLSearchParams[];
  /** The one refresh token currently accepted; each successful refresh replaces it. */
  validRefreshToken: string;
  /** What the next refreshes answer; `ok` issues `access-N` (N counts issued tokens) with `expiresIn` seconds. */
  mode: 'ok' | 'invalid_grant' | 'unavailable';
  expiresIn: number;
  /** While set, responses wait for it to resolve. */
  hold: Promise<void> | null;
  close(): Promise<void>;
}

export async function startFakeTokenEndpoint(initialRefreshToken: string): Promise<FakeTokenEndpoint> {
  let issued = 0;
  const endpoint = {
    requests: [] as URLSearchParams[],
    validRefreshToken: initialRefreshToken,
    mode: 'ok',
    expiresIn: 3600,
    hold: null,
  } as Omit<FakeTokenEndpoint, 'tokenUrl' | 'close'>;

  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', async () => {
      const form = new URLSearchParams(body);
      endpoint.requests.push(form);
      if (endpoint.hold) await endpoint.hold;
      const send = (status: number, payload: object) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (endpoint.mode === 'unavailable') return send(503, { error: 'temporarily_unavailable' });
      if (endpoint.mode === 'invalid_grant' || form.get('refresh_token') !== endpoint.validRefreshToken) {
        return send(400, { error: 'invalid_grant', error_description: 'Invalid refresh token' });
      }
      issued += 1;
      endpoint.validRefreshToken = `refresh-${issued}`;
      send(200, {
        access_token: `access-${issued}`,
        token_type: 'Bearer',
        expires_in: endpoint.expiresIn,
        refresh_token: endpoint.validRefreshToken,
        scope: 'user-read-private',
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(endpoint, {
    tokenUrl: `http://127.0.0.1:${port}/api/token`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
