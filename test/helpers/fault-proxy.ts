/**
 * A loopback HTTP proxy that injects faults between a client and a service: canned answers (429, 500...),
 * dropped connections before or after the service acted, and slow answers. Every request that reaches it is
 * recorded, so tests count what the client really sent.
 *
 *   const proxy = await startFaultProxy(service.baseUrl);
 *   proxy.inject({ kind: 'status', status: 429, headers: { 'retry-after': '1' } }, { times: 1 });
 *   const api = createApi({ baseUrl: proxy.baseUrl, ... });
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault =
  /** Answered by the proxy; the service never sees the request. */
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: string }
  /** The connection is dropped before anything is forwarded. */
  | { kind: 'drop' }
  /** Forwarded: the service acts and answers, then the client's connection is dropped without the answer. */
  | { kind: 'drop-after-forward' }
  /** Forwarded; the answer is held back this long (longer than the client's timeout, typically). */
  | { kind: 'delay'; ms: number };

export interface ProxiedRequest {
  method: string;
  /** Path and query, as received. */
  url: string;
  /** Epoch ms at which the request arrived. */
  at: number;
  headers: http.IncomingHttpHeaders;
  /** The fault applied, or null when the request was passed through untouched. */
  fault: Fault['kind'] | null;
  /** The status the client was sent (undefined when none was). */
  status?: number;
  /** Epoch ms at which the answer was sent (undefined when none was). */
  answeredAt?: number;
}

export type RequestMatcher = (method: string, url: string) => boolean;

export interface FaultProxy {
  /** `http://127.0.0.1:PORT` followed by the target's path (e.g. `/v1`): give this to the client. */
  baseUrl: string;
  /** Every request received, in order of arrival. */
  requests: ProxiedRequest[];
  /** Applies `fault` to the next `times` (default: every) requests that `match` (default: all). */
  inject(fault: Fault, options?: { times?: number; match?: RequestMatcher }): void;
  /** Removes every pending fault: requests pass through again. */
  clear(): void;
  /** How many requests arrived that match. */
  count(match?: RequestMatcher): number;
  close(): Promise<void>;
}

interface Rule {
  fault: Fault;
  remaining: number;
  match: RequestMatcher;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const targetUrl = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const rules: Rule[] = [];
  const requests: ProxiedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  function takeFault(method: string, url: string): Fault | null {
    const rule = rules.find((candidate) => candidate.remaining > 0 && candidate.match(method, url));
    if (!rule) return null;
    rule.remaining -= 1;
    return rule.fault;
  }

  function forward(
    request: http.IncomingMessage,
    onAnswer: (status: number, headers: http.IncomingHttpHeaders, body: Buffer) => void,
    onFailure: () => void,
  ): void {
    const upstream = http.request(
      {
        agent,
        host: targetUrl.hostname,
        port: targetUrl.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: targetUrl.host },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => onAnswer(answer.statusCode ?? 502, answer.headers, Buffer.concat(chunks)));
        answer.on('error', onFailure);
      },
    );
    upstream.on('error', onFailure);
    request.pipe(upstream);
  }

  const server = http.createServer((request, response) => {
    const method = request.method ?? 'GET';
    const url = request.url ?? '/';
    const fault = takeFault(method, url);
    const record: ProxiedRequest = { method, url, at: Date.now(), headers: request.headers, fault: fault?.kind ?? null };
    requests.push(record);
    const reply = (status: number, headers: http.IncomingHttpHeaders, body: Buffer | string) => {
      if (response.destroyed) return;
      record.status = status;
      record.answeredAt = Date.now();
      const { 'transfer-encoding': _chunked, connection: _connection, ...kept } = headers;
      response.writeHead(status, { ...kept, 'content-length': Buffer.byteLength(body) });
      response.end(body);
    };
    const failUpstream = () => reply(502, {}, 'Bad gateway (fault proxy)');

    if (fault?.kind === 'status') {
      request.resume();
      reply(fault.status, { 'content-type': 'application/json', ...fault.headers }, fault.body ?? '');
    } else if (fault?.kind === 'drop') {
      request.socket.destroy();
    } else if (fault?.kind === 'drop-after-forward') {
      forward(request, () => request.socket.destroy(), () => request.socket.destroy());
    } else if (fault?.kind === 'delay') {
      forward(
        request,
        (status, headers, body) => {
          const timer = setTimeout(() => {
            timers.delete(timer);
            reply(status, headers, body);
          }, fault.ms);
          timers.add(timer);
        },
        failUpstream,
      );
    } else {
      forward(request, reply, failUpstream);
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const path = targetUrl.pathname.replace(/\/+$/, '');

  return {
    baseUrl: `http://127.0.0.1:${port}${path}`,
    requests,
    inject(fault, options = {}) {
      rules.push({ fault, remaining: options.times ?? Number.POSITIVE_INFINITY, match: options.match ?? (() => true) });
    },
    clear() {
      rules.length = 0;
    },
    count(match = () => true) {
      return requests.filter((request) => match(request.method, request.url)).length;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
