import { useRef } from 'react';
import { useServices } from '../context/app-services.js';

/** How often a shown list's page is read again (a config file's [poll] list_refresh_seconds), as a ref: a timer loop reads the newest one without starting over. */
export function useListRefreshMs(): { readonly current: number } {
  const ms = useServices().listRefreshMs;
  const ref = useRef(ms);
  ref.current = ms;
  return ref;
}
