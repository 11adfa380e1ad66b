import http from 'node:http';

/**
 * A small closed-loop HTTP load generator: `connections` keep-alive sockets each send the next request as soon
 * as the last answer is read, for `durationMs`. Bounded in time, loopback only.
 */
export async function measureRequestsPerSecond(
  url: string,
  { connections = 16, durationMs = 3_000, headers = {} as Record<string, string> } = {},
): Promise<{ requestsPerSecond: number; requests: number; errors: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  let requests = 0;
  let errors = 0;
  const deadline = Date.now() + durationMs;
  const worker = async () => {
    while (Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const req = http.request(
          { host: target.hostname, port: target.port, path: target.pathname + target.search, agent, headers },
          (res) => {
            res.resume();
            res.on('end', () => {
              if (res.statusCode === 200) requests++;
              else errors++;
              resolve();
            });
          },
        );
        req.on('error', () => {
          errors++;
          resolve();
        });
        req.end();
      });
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = Date.now() - started;
  agent.destroy();
  return { requestsPerSecond: (requests * 1000) / elapsed, requests, errors };
}

/** Fetches one response whole (status, headers, body), to replay its bytes from a bare server. */
export async function fetchRaw(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, contentType: response.headers.get('content-type') ?? 'application/json', body };
}
