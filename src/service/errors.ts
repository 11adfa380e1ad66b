/**
 * The one error type routes throw; the central error handler (app.ts) turns it into
 * `{"error":{"status","message"}}` (plus `reason` for refused player commands, decisions §3).
 */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reason?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ServiceError(400, message);
export const notFound = () => new ServiceError(404, 'Resource not found');
export const forbidden = (message = 'Forbidden') => new ServiceError(403, message);

export function errorBody(status: number, message: string, reason?: string): string {
  return JSON.stringify({ error: reason === undefined ? { status, message } : { status, message, reason } });
}
