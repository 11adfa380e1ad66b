import { useEffect, useState } from 'react';
import { useApi } from '../context/api-context.js';
import { currentUser } from '../current-user.js';

/** The signed-in user's id; null until known, and when it cannot be read (then nothing is called read-only). */
export function useUserId(): string | null {
  const api = useApi();
  const [userId, setUserId] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void currentUser(api).then((user) => isCurrent && setUserId(user?.id ?? null));
    return () => {
      isCurrent = false;
    };
  }, [api]);
  return userId;
}
