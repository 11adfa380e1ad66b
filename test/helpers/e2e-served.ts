/**
 * `playdeck serve` on a database of its own behind a fault proxy, for the e2e files that drive dashboards
 * against it and read the service with fetch. Call once at a test file's top level: the hooks are that file's.
 * Started before the file's tests, stopped after them; after each test the proxy's faults are cleared and the
 * dashboards and sandboxes the test pushed onto `sessions` and `sandboxes` are ended.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createSandbox, type Dashboard, type Sandbox } from './e2e-dashboard.js';
import { listPlaylists, type Entry, type PlaylistSummary, type ServiceAccess } from './e2e-service.js';
import { startFaultProxy, type FaultProxy } from './fault-proxy.js';
import { spawnServe, stopServe, type ServeChild } from './serve-child.js';

export interface ServedBehindProxy {
  /** The service itself (for reading what was saved, past the proxy). */
  service: ServiceAccess;
  /** Between the dashboards and the service: faults, held answers, counted requests. */
  proxy: FaultProxy;
  /** As the Playlists pane lists them. Each scenario takes its own, so a save that lands late disturbs no other. */
  playlists: PlaylistSummary[];
  sessions: Dashboard[];
  sandboxes: Sandbox[];
}

/** `serveArgs` add to serve's (`--rate-limit 60`). */
export function serveBehindProxy(playlistCount: number, serveArgs: readonly string[] = []): ServedBehindProxy {
  const served = { sessions: [], sandboxes: [] } as unknown as ServedBehindProxy;
  let home: Sandbox;
  let serve: ServeChild;
  beforeAll(async () => {
    home = createSandbox();
    serve = await spawnServe(['--port', '0', '--db', home.db, ...serveArgs]);
    served.service = { baseUrl: serve.baseUrl, token: serve.accessToken };
    served.playlists = await listPlaylists(served.service, playlistCount);
    served.proxy = await startFaultProxy(serve.baseUrl);
  });
  afterAll(async () => {
    await served.proxy.close();
    await stopServe(serve, 'SIGTERM');
    home.remove();
  });
  afterEach(() => {
    served.proxy.clear();
    for (const session of served.sessions.splice(0)) session.kill();
    for (const sandbox of served.sandboxes.splice(0)) sandbox.remove();
  });
  return served;
}

/** An entry as the service knows it: its item and when it was added (the same item may be there twice). */
export const identities = (entries: readonly Entry[]): string[] => entries.map((entry) => `${entry.uri}@${entry.addedAt}`);

/** A save of a playlist's order on its way through the proxy. */
export const isPut = (method: string, url: string): boolean => method === 'PUT' && url.includes('/playlists/');
