/** An OAuth error (RFC 6749 §5.2): sent as `{"error": code, "error_description": text}`, or in a redirect. */
export class OAuthFailure extends Error {
  constructor(
    readonly error: string,
    description: string,
    readonly status = 400,
  ) {
    super(description);
  }
}

export const invalidRequest = (description: string) => new OAuthFailure('invalid_request', description);
export const invalidGrant = (description: string) => new OAuthFailure('invalid_grant', description);
export const invalidClient = (description: string) => new OAuthFailure('invalid_client', description, 401);

export function oauthErrorBody(failure: OAuthFailure): string {
  return JSON.stringify({ error: failure.error, error_description: failure.message });
}
