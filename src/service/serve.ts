import { printLine } from '../text/printed.js';
import { startService, type StartOptions } from './start.js';

function describeStartError(error: unknown, options: StartOptions): string {
  const code = (error as { code?: string }).code;
  const where = `${options.host ?? '127.0.0.1'}:${options.port ?? 0}`;
  if (code === 'EADDRINUSE') return `cannot listen on ${where}: address already in use`;
  if (code === 'EACCES') return `cannot listen on ${where}: permission denied`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return `cannot listen on ${where}: address not available`;
  return error instanceof Error ? error.message.split('\n')[0]! : String(error);
}

/**
 * `playdeck serve`: prints `base_url=`, `access_token=` and `consent_code=` lines (another `consent_code=`
 * whenever the code is spent or replaced: only whoever sees this terminal can approve a sign-in), serves until
 * SIGINT/SIGTERM/SIGHUP, closes the database, and resolves the exit code (1 when the service cannot start). Options
 * are read by src/cli/args.ts.
 */
export async function runServe(options: StartOptions): Promise<number> {
  let service;
  const printCode = (code: string) => void process.stdout.write(`consent_code=${code}\n`);
  try {
    service = await startService({ ...options, consent: { onNewCode: printCode } });
  } catch (error) {
    // A path or a driver's message can carry escapes: the line goes through the one printing path.
    printLine(process.stderr, `playdeck serve: ${describeStartError(error, options)}`);
    return 1;
  }
  // Listening for the signals before the lines go out: whoever reads them may signal at once, and a signal with
  // no listener yet would end the process on the spot, its instance file left behind. SIGHUP too: the terminal
  // that shows the consent code closed.
  const stopped = new Promise<void>((resolve) => {
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
    const stop = () => {
      for (const signal of signals) process.off(signal, stop);
      resolve();
    };
    for (const signal of signals) process.on(signal, stop);
  });
  process.stdout.write(`base_url=${service.baseUrl}\naccess_token=${service.accessToken}\n`);
  printCode(service.consentCode()!);
  // Why the music cannot be heard, once (the catalog is served all the same); later faults of mpv go to the log.
  void service.sound?.started.then((problem) => problem !== null && printLine(process.stderr, `playdeck serve: ${problem}`));
  await stopped;
  await service.close();
  return 0;
}
