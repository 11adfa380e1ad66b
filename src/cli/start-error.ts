/** A dashboard that cannot start (service unreachable, token refused): one readable line, exit code 1. */
export class StartError extends Error {
  override readonly name = 'StartError';
}
