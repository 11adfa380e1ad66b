import { startService, type StartOptions } from './start.js';

const USAGE = 'usage: playdeck serve [--port N] [--host H] [--db PATH|:memory:] [--rate-limit N] [--token-ttl S] [--dev-mode]';

class UsageError extends Error {}

function integerOption(name: string, raw: string | undefined, min: number, max: number): number {
  if (raw === undefined || !/^\d{1,10}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new UsageError(`${name} needs an integer from ${min} to ${max}`);
  }
  return Number(raw);
}

/** Parses `serve`'s options (`--name value` or `--name=value`). */
export function parseServeArgs(argv: readonly string[]): StartOptions {
  const options: StartOptions = {};
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg === '--dev-mode') {
      options.devMode = true;
      continue;
    }
    const equals = arg.indexOf('=');
    const name = equals > 0 ? arg.slice(0, equals) : arg;
    const value = equals > 0 ? arg.slice(equals + 1) : argv[++index];
    switch (name) {
      case '--port':
        options.port = integerOption(name, value, 0, 65535);
        break;
      case '--host':
        if (!value) throw new UsageError('--host needs a host name or address');
        options.host = value;
        break;
      case '--db':
        if (!value) throw new UsageError('--db needs a file path or :memory:');
        options.db = value;
        break;
      case '--rate-limit':
        options.rateLimit = integerOption(name, value, 1, 1_000_000);
        break;
      case '--token-ttl':
        options.tokenTtlSeconds = integerOption(name, value, 1, 31_536_000);
        break;
      default:
        throw new UsageError(`unknown option ${name}`);
    }
  }
  return options;
}

function describeStartError(error: unknown, options: StartOptions): string {
  const code = (error as { code?: string }).code;
  const where = `${options.host ?? '127.0.0.1'}:${options.port ?? 0}`;
  if (code === 'EADDRINUSE') return `cannot listen on ${where}: address already in use`;
  if (code === 'EACCES') return `cannot listen on ${where}: permission denied`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return `cannot listen on ${where}: address not available`;
  return error instanceof Error ? error.message.split('\n')[0]! : String(error);
}

/**
 * `playdeck serve`: prints `base_url=` and `access_token=` lines, serves until SIGINT/SIGTERM, closes the
 * database, and resolves the exit code (2 for bad options, 1 when the service cannot start).
 */
export async function runServe(argv: readonly string[]): Promise<number> {
  let options: StartOptions;
  try {
    options = parseServeArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`playdeck serve: ${error.message} (${USAGE})\n`);
    return 2;
  }
  let service;
  try {
    service = await startService(options);
  } catch (error) {
    process.stderr.write(`playdeck serve: ${describeStartError(error, options)}\n`);
    return 1;
  }
  process.stdout.write(`base_url=${service.baseUrl}\naccess_token=${service.accessToken}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await service.close();
  return 0;
}
