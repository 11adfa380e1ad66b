import { createElement, useMemo, type ReactNode } from 'react';
import type { Api } from '../../api/api.js';
import { ServicesProvider, useServices } from './app-services.js';

/** The service client for everything below it (a part drawn alone in a test); the App gives it with the other services. */
export function ApiProvider({ api, children }: { api: Api; children: ReactNode }) {
  const services = useMemo(() => ({ api }), [api]);
  return createElement(ServicesProvider, { services }, children);
}

/** The client of the services above; throws where there is none, a mistake to see at once. */
export function useApi(): Api {
  const { api } = useServices();
  if (api === null) throw new Error('useApi outside an ApiProvider');
  return api;
}
