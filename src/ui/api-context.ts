import { createContext, createElement, useContext, type ReactNode } from 'react';
import type { Api } from '../api/api.js';

const ApiContext = createContext<Api | null>(null);

/** The service client for everything below it: panes and hooks take it from `useApi()`, not from props. */
export function ApiProvider({ api, children }: { api: Api; children: ReactNode }) {
  return createElement(ApiContext.Provider, { value: api }, children);
}

/** The client given to the `ApiProvider` above; throws outside one, a mistake to see at once. */
export function useApi(): Api {
  const api = useContext(ApiContext);
  if (api === null) throw new Error('useApi outside an ApiProvider');
  return api;
}
