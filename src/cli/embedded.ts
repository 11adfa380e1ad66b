import type { Api } from '../api/api.js';
import type { TokenProvider } from '../api/index.js';
import type { ServiceInstance } from '../service/instance-file.js';
import type { RunningService, StartOptions } from '../service/start.js';

/**
 * The embedded service for a dashboard: started here, or joined when another playdeck already serves the same
 * database (one service per file, so both see the same player and playlists). A dashboard that joined takes
 * the service over when its owner quits: it starts it on the same database and port, where the token it holds
 * stays valid (tokens live in the database), so its requests go on after one retry.
 */
export interface EmbeddedConnection {
  baseUrl: string;
  tokens: TokenProvider;
  /** Watches the joined service and takes it over when it goes; call once the API exists. */
  watch(api: Api): void;
  close(): Promise<void>;
}

type ServiceModule = typeof import('../service/start.js');
type InstanceModule = typeof import('../service/instance-file.js');

export async function startOrJoin(options: StartOptions & { db: string }): Promise<EmbeddedConnection> {
  // Imported here: a dashboard on another service loads neither fastify nor SQLite.
  const service: ServiceModule = await import('../service/start.js');
  const instances: InstanceModule = await import('../service/instance-file.js');
  try {
    return owned(await service.startService(options));
  } catch (error) {
    if (!(error instanceof service.AlreadyServedError)) throw error;
    return joined(error.instance, options, service, instances);
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

function joined(
  instance: ServiceInstance,
  options: StartOptions & { db: string },
  service: ServiceModule,
  instances: InstanceModule,
): EmbeddedConnection {
  let token = instance.token;
  let takenOver: RunningService | null = null;
  let unsubscribe = (): void => {};
  let isTakingOver = false;
  const port = Number(new URL(instance.origin).port);

  async function takeOver(): Promise<void> {
    if (isTakingOver || takenOver) return;
    isTakingOver = true;
    try {
      if (await instances.findLiveInstance(options.db)) return;
      takenOver = await service.startService({ ...options, port });
      unsubscribe();
    } catch {
      // Another dashboard took it over first, or the port is taken: the client's retries go on.
    } finally {
      isTakingOver = false;
    }
  }

  return {
    baseUrl: `${instance.origin}/v1`,
    tokens: {
      token: async () => token,
      // The owner may have restarted and written a new token; else the one held is all there is.
      refresh: async () => {
        token = takenOver?.issueToken().token ?? (await instances.findLiveInstance(options.db))?.token ?? token;
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
