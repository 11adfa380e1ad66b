/**
 * The one base got instance: what every request of playdeck shares (JSON accepted, its user agent, bodies
 * kept as text so that an empty or unreadable body becomes a typed result instead of a throw, connections
 * kept between polls). The API client and the OAuth client extend it with their own timeouts, retries and hooks.
 */
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import got, { type CancelableRequest } from 'got';

/**
 * How long an idle connection is kept. Node's global agent closes one after 5 s, the very pace of the playback
 * poll, so each poll opened a new connection (a TLS handshake on a remote service); 20 s covers the slowest
 * regular poll (15 s). Idle sockets do not hold the process open (the agent unrefs them).
 */
const IDLE_CONNECTION_MS = 20_000;

export const baseHttp = got.extend({
  headers: { accept: 'application/json', 'user-agent': 'playdeck' },
  responseType: 'text',
  agent: {
    http: new HttpAgent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
    https: new HttpsAgent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
  },
});

/**
 * The most any answer of a service may hold, counted as its body comes (after decompression, so a gzip bomb
 * stops here too): the largest page the dashboard asks for is a few hundred kB.
 */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/**
 * Cancels `request` once its body passes `maxBytes`, by its declared length (before a byte is read) or by what
 * came so far; `isOver()` then tells the rejection apart from any other cancel.
 */
export function capBody(request: CancelableRequest<unknown>, maxBytes = MAX_BODY_BYTES): { isOver(): boolean } {
  let isOver = false;
  request.on('downloadProgress', ({ transferred, total }) => {
    if (isOver || (transferred <= maxBytes && (total ?? 0) <= maxBytes)) return;
    isOver = true;
    request.cancel();
  });
  return { isOver: () => isOver };
}
