/**
 * The one base got instance: what every request of playdeck shares (JSON accepted, its user agent, bodies
 * kept as text so that an empty or unreadable body becomes a typed result instead of a throw). The API client
 * and the OAuth client extend it with their own timeouts, retries and hooks.
 */
import got from 'got';

export const baseHttp = got.extend({
  headers: { accept: 'application/json', 'user-agent': 'playdeck' },
  responseType: 'text',
});
