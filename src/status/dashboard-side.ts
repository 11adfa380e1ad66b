/** The status socket of a running dashboard: named after its service, fed by its playback. */
import type { Api } from '../api/api.js';
import { createDashboardBridge, type DashboardBridge } from './player-bridge.js';
import { startStatusServer } from './socket-server.js';
import { statusPaths, type ServiceTarget } from './target.js';

export interface DashboardStatus {
  /**
   * For the dashboard's tree (PlaybackLinkContext), and what else follows the playback (the desktop): fed
   * whether or not this dashboard answers on the socket.
   */
  link: DashboardBridge;
  /** Whether `playdeck status` reaches this dashboard (another of this service may answer instead). */
  isServing: boolean;
  close(): Promise<void>;
}

/**
 * Starts answering `playdeck status` for the dashboard on `target`. Never fails the dashboard: without a
 * socket (another dashboard of this service already answers, no private folder), status bars ask the
 * service instead.
 */
export async function startStatusFor(target: ServiceTarget, api: Api, env: NodeJS.ProcessEnv): Promise<DashboardStatus> {
  const bridge = createDashboardBridge(api);
  const server = await startStatusServer(statusPaths(target, env).socket, bridge).catch(() => null);
  if (server === null) return { link: bridge, isServing: false, close: async () => {} };
  return { link: bridge, isServing: true, close: () => server.close() };
}
