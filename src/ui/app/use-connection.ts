import { useEffect, useState } from 'react';
import type { Api, ConnectionStatus } from '../../api/api.js';

/** The client's connection status (online, rate-limited, retrying, offline, unauthorized), kept current. */
export function useConnection(api: Api): ConnectionStatus {
  const [status, setStatus] = useState<ConnectionStatus>(() => api.getConnection());
  useEffect(() => {
    // A change between the first render and this subscription would otherwise be missed.
    setStatus(api.getConnection());
    return api.onConnectionChange(setStatus);
  }, [api]);
  return status;
}
