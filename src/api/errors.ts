/** Every failure of a request, whatever its cause, reaches callers as one `ApiError` with a `kind`. */
export type ApiErrorKind =
  | 'bad-request'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'rate-limited'
  | 'unavailable'
  | 'timeout'
  | 'network'
  | 'aborted'
  | 'malformed';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly details: {
      status?: number;
      /** For `rate-limited`: how long the service asked us to wait. */
      retryAfterMs?: number;
      /** For player commands refused with 403: the service's reason. */
      reason?: string;
    } = {},
  ) {
    super(message);
  }

  get status(): number | undefined {
    return this.details.status;
  }
}

/**
 * The service refused the stored login's refresh token for good (`invalid_grant`: refresh tokens of the real
 * service expire after six months): no request can succeed until `playdeck login` renews it, so nothing
 * refreshes again. An `unauthorized` ApiError, so everything that handles those handles this one.
 */
export class LoginExpiredError extends ApiError {
  constructor(message = LOGIN_EXPIRED_MESSAGE) {
    super('unauthorized', message, { status: 401 });
  }
}

export const LOGIN_EXPIRED_MESSAGE = 'login expired: run `playdeck login` to renew it';

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
