import { useEffect, useState } from 'react';
import type { Api } from '../../api/api.js';
import { useApi } from '../api-context.js';

/** One Get Current User per client: the user does not change while the dashboard runs. */
const asked = new WeakMap<Api, Promise<string | null>>();

/** The signed-in user's id; null until known, and when it cannot be read (then nothing is called read-only). */
export function useUserId(): string | null {
  const api = useApi();
  const [userId, setUserId] = useState<string | null>(null);
  useEffect(() => {
    let request = asked.get(api);
    if (request === undefined) {
      request = api.getMe().then((user) => user.id, () => null);
      asked.set(api, request);
    }
    let isCurrent = true;
    void request.then((id) => isCurrent && setUserId(id));
    return () => {
      isCurrent = false;
    };
  }, [api]);
  return userId;
}
