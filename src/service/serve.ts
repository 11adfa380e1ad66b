import { printLine } from '../text/printed.js';
import type { ScanProgress } from './music/scan-protocol.js';
import { startService, type StartOptions } from './start.js';

/** How often `serve` says how the scan goes: it is read by a person. */
const SCAN_LINE_EVERY_MS = 1_000;

/** `scan: 1200 files found, 800 read, 410 files/s` while the folder is read, `scan: done …` once it is. */
function scanLines(write: (line: string) => void): (progress: ScanProgress) => void {
  let saidAt = 0;
  let isScanning = false;
  return (progress) => {
    const counts = `${progress.found} files found, ${progress.read} read, ${progress.perSecond} files/s`;
    if (progress.state === 'idle') {
      // A rescan that found nothing to read says nothing.
      if (isScanning || progress.read > 0 || progress.first) write(`scan: done, ${counts}`);
      isScanning = false;
      return;
    }
    const now = Date.now();
    if (isScanning && now - saidAt < SCAN_LINE_EVERY_MS) return;
    isScanning = true;
    saidAt = now;
    if (progress.first || progress.read > 0) write(`scan: ${counts}`);
  };
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
 * `playdeck serve`: prints `base_url=`, `access_token=` and `consent_code=` lines (another `consent_code=`
 * whenever the code is spent: only whoever sees this terminal can approve a sign-in), serves until
 * SIGINT/SIGTERM/SIGHUP, closes the database, and resolves the exit code (1 when the service cannot start). Options
 * are read by src/cli/args.ts.
 */
export async function runServe(options: StartOptions): Promise<number> {
  let service;
  // The scan's lines come after the first lines, which whoever starts serve reads first.
  let held: string[] | null = [];
  const sayScan = (line: string) => (held ? held.push(line) : void process.stdout.write(`${line}\n`));
  const printCode = (code: string) => void process.stdout.write(`consent_code=${code}\n`);
  try {
    const music = options.music && { ...options.music, onProgress: scanLines(sayScan) };
    service = await startService({ ...options, consent: { onNewCode: printCode }, ...(music ? { music } : {}) });
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
  for (const line of held) process.stdout.write(`${line}\n`);
  held = null;
  // Why the music cannot be heard, once (the catalog is served all the same); later faults of mpv go to the log.
  void service.sound?.started.then((problem) => problem !== null && printLine(process.stderr, `playdeck serve: ${problem}`));
  await stopped;
  await service.close();
  return 0;
}
