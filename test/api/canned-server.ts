/** A tiny loopback HTTP server answering whatever the test says, for bodies no real service would send. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CannedAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON. Undefined: an empty body. */
  body?: unknown;
}

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface CannedServer {
  /** `http://127.0.0.1:PORT/v1` */
  baseUrl: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

export async function startCannedServer(
  answer: (request: SeenRequest) => CannedAnswer | Promise<CannedAnswer>,
): Promise<CannedServer> {
  const requests: SeenRequest[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const seen: SeenRequest = {
        method: request.method ?? 'GET',
        url: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      };
      requests.push(seen);
      const { status = 200, headers = {}, body } = await answer(seen);
      const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
