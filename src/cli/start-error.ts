import { ApiError, LoginExpiredError } from '../api/errors.js';

/** A dashboard that cannot start (service unreachable, token refused): one readable line, exit code 1. */
export class StartError extends Error {
  override readonly name = 'StartError';
}

/**
 * The one line for a service that refused the first request (401 or 403), naming what to do. The real
 * service's 403s for development-mode apps say why in their message: known ones become advice.
 */
export function describeRefusal(baseUrl: string, error: ApiError): string {
  if (error instanceof LoginExpiredError) return error.message;
  if (/premium subscription required/i.test(error.message)) {
    return `${baseUrl} refused the app: its owner needs an active Premium subscription (log in with an app whose owner has one, --client-id ID)`;
  }
  if (/not registered|not approved/i.test(error.message)) {
    return `${baseUrl} refused your account for this app: its owner must add you to the app's users in their developer dashboard`;
  }
  return `${baseUrl} refused the token: ${error.message}`;
}
