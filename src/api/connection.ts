/** The connection status as the client sees it, with change listeners, for the dashboard's status line. */

export type ConnectionStatus =
  | { state: 'online' }
  /** A 429 closed the client-wide gate until `until` (epoch ms). */
  | { state: 'rate-limited'; until: number }
  /** Requests are failing (5xx, network, timeout) and being retried. */
  | { state: 'retrying'; message: string }
  | { state: 'offline'; message: string }
  /** The token was refused and could not be refreshed. */
  | { state: 'unauthorized'; message: string };

export interface ConnectionTracker {
  get(): ConnectionStatus;
  /** Records a status; listeners hear of it only when it differs from the current one. */
  set(status: ConnectionStatus): void;
  subscribe(listener: (status: ConnectionStatus) => void): () => void;
}

function sameStatus(a: ConnectionStatus, b: ConnectionStatus): boolean {
  if (a.state !== b.state) return false;
  if (a.state === 'rate-limited') return a.until === (b as typeof a).until;
  if (a.state === 'online') return true;
  return a.message === (b as typeof a).message;
}

export function createConnectionTracker(): ConnectionTracker {
  let current: ConnectionStatus = { state: 'online' };
  const listeners = new Set<(status: ConnectionStatus) => void>();
  return {
    get: () => current,
    set(status) {
      if (sameStatus(current, status)) return;
      current = status;
      for (const listener of [...listeners]) listener(status);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
