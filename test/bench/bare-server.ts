import http from 'node:http';
import { readFileSync } from 'node:fs';

/**
 * The yardstick: a bare node:http server that answers each path with bytes recorded from the real service.
 * Run as a child process: `tsx test/bench/bare-server.ts recorded.json`; prints its port.
 */
const recorded = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, { contentType: string; body: string }>;
const answers = new Map(
  Object.entries(recorded).map(([path, r]) => [path, { contentType: r.contentType, body: Buffer.from(r.body, 'base64') }]),
);
const server = http.createServer((req, res) => {
  const answer = answers.get(req.url ?? '');
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': answer.contentType, 'content-length': answer.body.length });
  res.end(answer.body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`port=${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
