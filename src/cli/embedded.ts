import type { Agent as HttpAgent } from 'node:http';
import type { Api } from '../api/api.js';
import type { TokenProvider } from '../api/index.js';
import type { ExpectedInstance, ServiceInstance } from '../service/instance-file.js';
import type { RunningService, StartOptions } from '../service/start.js';

/**
 * The embedded service for a dashboard: started here, or joined when another playdeck already serves the same
 * database (one service per file, so both see the same player and playlists). A dashboard that joined checks,
 * on every connection it opens, that the service proves itself with the secret of the instance file
 * (service/instance-check.ts), so its token and its saves go nowhere else. It takes the service over when the
 * owner quits (or what answers at the address cannot prove itself): it starts it on the same database and port,
 * and its requests go on after a retry.
 */
export interface EmbeddedConnection {
  baseUrl: string;
  tokens: TokenProvider;
  /** The agent the client's connections must go through (a joined dashboard's); undefined for the owner. */
  agent?: HttpAgent;
  /** Watches the joined service and takes it over when it goes; call once the API exists. */
  watch(api: Api): void;
  close(): Promise<void>;
}

type ServiceModule = typeof import('../service/start.js');
type CheckModule = typeof import('../service/instance-check.js');

/** As the shared agent of src/api/http.ts keeps connections: 20 s idle covers the slowest regular poll. */
const AGENT_OPTIONS = { keepAlive: true, timeout: 20_000 };

export async function startOrJoin(options: StartOptions & { db: string }): Promise<EmbeddedConnection> {
  // Imported here: a dashboard on another service loads neither fastify nor SQLite.
  const service: ServiceModule = await import('../service/start.js');
  const checks: CheckModule = await import('../service/instance-check.js');
  try {
    return owned(await service.startService(options));
  } catch (error) {
    if (!(error instanceof service.AlreadyServedError)) throw error;
    return joined(error.instance, options, service, checks);
  }
}

function owned(service: RunningService): EmbeddedConnection {
  // In-process, an expired token is replaced by a new one rather than ending the session.
  let token = service.accessToken;
  return {
    baseUrl: service.baseUrl,
    tokens: { token: async () => token, refresh: async () => (token = service.issueToken().token) },
    watch: () => {},
    close: () => service.close(),
  };
}

function joined(instance: ServiceInstance, options: StartOptions & { db: string }, service: ServiceModule, checks: CheckModule): EmbeddedConnection {
  let joinedTo: ServiceInstance = instance;
  let token = instance.token;
  let takenOver: RunningService | null = null;
  let unsubscribe = (): void => {};
  let isTakingOver = false;
  const port = Number(new URL(instance.origin).port);
  // Once this process serves the address itself, its connections need no proof.
  const expected = (): ExpectedInstance | null => (takenOver === null ? joinedTo : null);

  /** The file names a service that proves itself at our address: join it (a new owner, taken over by another dashboard). */
  async function followOwner(): Promise<boolean> {
    const live = await checks.findLiveInstance(options.db);
    if (live === null) return false;
    if (live.origin === joinedTo.origin) {
      joinedTo = live;
      token = live.token;
    }
    return true;
  }

  async function takeOver(): Promise<void> {
    if (isTakingOver || takenOver) return;
    isTakingOver = true;
    try {
      if (await followOwner()) return;
      takenOver = await service.startService({ ...options, port });
      token = takenOver.accessToken;
      unsubscribe();
    } catch {
      // Another dashboard took it over first, or the port is taken: the client's retries go on.
    } finally {
      isTakingOver = false;
    }
  }

  return {
    baseUrl: `${instance.origin}/v1`,
    agent: new checks.InstanceCheckingAgent(expected, AGENT_OPTIONS),
    tokens: {
      token: async () => token,
      // The owner may have restarted and written a new token; else the one held is all there is.
      refresh: async () => {
        if (takenOver) token = takenOver.issueToken().token;
        else await followOwner();
        return token;
      },
    },
    watch(api) {
      unsubscribe = api.onConnectionChange((status) => {
        if (status.state === 'retrying' || status.state === 'offline') void takeOver();
      });
    },
    close: async () => {
      unsubscribe();
      await takenOver?.close();
    },
  };
}
