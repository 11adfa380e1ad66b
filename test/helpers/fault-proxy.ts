/**
 * A loopback HTTP proxy that injects faults between a client and a service: canned answers (429, 500...),
 * dropped connections before or after the service acted, slow answers, and answers held until the test lets
 * them go (the service has acted, the client has not heard). Every request that reaches it is recorded, so
 * tests count what the client really sent.
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
  | { kind: 'delay'; ms: number }
  /** Forwarded: the service acts and answers; the answer waits in `held` until the test releases it. */
  | { kind: 'hold' };

/** An answer the service gave that the client has not been sent yet. */
export interface HeldAnswer {
  method: string;
  url: string;
  status: number;
  /** Sends the answer on (once). */
  release(): void;
}

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
  /** Answers held (`hold`) and not released yet, in the order the service gave them. */
  readonly held: readonly HeldAnswer[];
  close(): Promise<void>;
}

interface Rule {
  fault: Fault;
  remaining: number;
  match: RequestMatcher;
}

/** Bodies changed on their way through: what the client sends (`request`) and what it is answered (`response`). */
export interface Rewrite {
  request(body: string): string;
  response(body: string): string;
}

export async function startFaultProxy(target: string, rewrite?: Rewrite): Promise<FaultProxy> {
  const targetUrl = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const rules: Rule[] = [];
  const requests: ProxiedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const held: HeldAnswer[] = [];

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
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          onAnswer(answer.statusCode ?? 502, answer.headers, rewrite === undefined ? body : Buffer.from(rewrite.response(body.toString('utf8'))));
        });
        answer.on('error', onFailure);
      },
    );
    upstream.on('error', onFailure);
    if (rewrite === undefined) return void request.pipe(upstream);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.from(rewrite.request(Buffer.concat(chunks).toString('utf8')));
      upstream.setHeader('content-length', body.length);
      upstream.end(body);
    });
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
    } else if (fault?.kind === 'hold') {
      forward(
        request,
        (status, headers, body) => {
          const answer: HeldAnswer = {
            method, url, status,
            release: () => {
              const index = held.indexOf(answer);
              if (index === -1) return;
              held.splice(index, 1);
              reply(status, headers, body);
            },
          };
          held.push(answer);
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
    held,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      for (const answer of [...held]) answer.release();
      server.closeAllConnections();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
