import { useCallback, useEffect, useState } from 'react';

/** How long a notice ("can't skip: nothing next") stays in the status line. */
export const NOTICE_MS = 5_000;

/** A one-line message that clears itself after NOTICE_MS; a new one replaces it and restarts the wait. */
export function useNotice(): [string | null, (message: string) => void] {
  const [notice, setNotice] = useState<{ message: string } | null>(null);
  // A fresh object per notice, so that the same message shown twice restarts the wait.
  const show = useCallback((message: string) => setNotice({ message }), []);
  useEffect(() => {
    if (notice === null) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  return [notice?.message ?? null, show];
}
