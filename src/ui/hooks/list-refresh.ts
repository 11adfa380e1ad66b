import { createContext, useContext, useRef } from 'react';
import { REFRESH_INTERVAL_MS } from './page-loader.js';

/** How often a shown list's page is read again (a config file's [poll] list_refresh_seconds). */
export const ListRefreshContext = createContext<number>(REFRESH_INTERVAL_MS);

/** The interval in force, as a ref: a timer loop reads the newest one without starting over. */
export function useListRefreshMs(): { readonly current: number } {
  const ms = useContext(ListRefreshContext);
  const ref = useRef(ms);
  ref.current = ms;
  return ref;
}
