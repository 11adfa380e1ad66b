/**
 * The service itself, for `status` and the player commands when no dashboard answers: the embedded one
 * started in-process on its database (as the dashboard starts it), or another one with `--token` or the
 * login stored for its base URL. Loaded only then: this file brings in the client and, for the embedded
 * service, fastify and SQLite.
 */
import { CredentialsFile, defaultCredentialsPath } from '../api/auth/credentials.js';
import { notLoggedInMessage, openStoredLogin } from '../api/auth/refreshing-tokens.js';
import { createApi, isApiError, staticToken, type Api, type TokenProvider } from '../api/index.js';
import { defaultDatabasePath, type ServiceTarget } from './target.js';

export interface ServiceSession {
  api: Api;
  close(): Promise<void>;
}

/** One readable line: what failed and, from the service, why. */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
}

/**
 * A status bar must not hang on a service that is down: a short wait and one retry at most, where the
 * dashboard is patient for minutes.
 */
const QUICK = { timeouts: { connectMs: 2_000, responseMs: 5_000, requestMs: 8_000 }, retry: { limit: 1, backoffBaseMs: 200, maxRetryAfterMs: 2_000 } };

export async function openService(target: ServiceTarget, env: NodeJS.ProcessEnv): Promise<ServiceSession> {
  if (target.kind === 'remote') {
    if (!URL.canParse(target.baseUrl)) throw new ServiceError(`invalid base URL "${target.baseUrl}"`);
    let tokens: TokenProvider | null;
    if (target.token !== undefined) tokens = staticToken(target.token);
    else tokens = await openStoredLogin(target.baseUrl, { file: new CredentialsFile(defaultCredentialsPath(env)) });
    if (tokens === null) throw new ServiceError(notLoggedInMessage(target.baseUrl));
    return { api: createApi({ baseUrl: target.baseUrl, tokens, ...QUICK }), close: async () => {} };
  }
  // Joins the service a dashboard or `serve` runs on this database, else starts it here for this one answer.
  const { startOrJoin } = await import('../cli/embedded.js');
  let service;
  try {
    service = await startOrJoin({ db: target.db ?? defaultDatabasePath(env), log: () => {} });
  } catch (error) {
    throw new ServiceError(`cannot start the embedded service: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  return { api: createApi({ baseUrl: service.baseUrl, tokens: service.tokens, ...QUICK }), close: () => service.close() };
}

/** The service's reason for a failed call, as the dashboard words it. */
export function reasonOf(error: unknown): string {
  if (isApiError(error)) return error.details.reason ?? error.message;
  return error instanceof Error ? error.message.split('\n')[0]! : String(error);
}
