/**
 * The one base got instance: what every request of playdeck shares (JSON accepted, its user agent, bodies
 * kept as text so that an empty or unreadable body becomes a typed result instead of a throw, connections
 * kept between polls). The API client and the OAuth client extend it with their own timeouts, retries and hooks.
 */
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import got from 'got';

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
