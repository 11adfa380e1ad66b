import { format } from 'node:util';
import type { LogFile } from './log-file.js';
import { printLine } from '../text/printed.js';

/**
 * Keeps the screen the dashboard's alone: library warnings and console output go to the log, and an error
 * that nothing caught restores the terminal (main screen, cursor, cooked mode), writes its details to the log
 * and one line to stderr, and exits 1 instead of printing a stack trace over the frames.
 */
export class NotATerminalError extends Error {
  override readonly name = 'NotATerminalError';
  constructor() {
    super('playdeck needs a terminal; run it in one (for one line about what plays, see `playdeck --help`)');
  }
}

const RESTORE = '\u001b[?1000l\u001b[?1006l\u001b[?1004l\u001b[?25h\u001b[?1049l';

export interface TerminalGuard {
  release(): void;
}

export function requireTerminal(input: NodeJS.ReadStream, output: NodeJS.WriteStream): void {
  if (!input.isTTY || !output.isTTY) throw new NotATerminalError();
}

export function guardTerminal(log: LogFile, restore: () => void): TerminalGuard {
  const saved = { error: console.error, warn: console.warn, log: console.log, info: console.info, debug: console.debug };
  const toLog = (...args: unknown[]): void => log.write(format(...args));
  Object.assign(console, { error: toLog, warn: toLog, log: toLog, info: toLog, debug: toLog });
  const warningListeners = process.listeners('warning');
  process.removeAllListeners('warning');
  const onWarning = (warning: Error): void => log.write(`warning: ${warning.name}: ${warning.message}`);
  process.on('warning', onWarning);

  const onFatal = (error: unknown): void => {
    try {
      restore();
    } catch {
      // Restore what can be restored below.
    }
    try {
      if (process.stdin.isTTY) process.stdin.setRawMode(false);
    } catch {
      // stdin already closed.
    }
    process.stdout.write(RESTORE);
    log.write(`fatal: ${error instanceof Error ? (error.stack ?? error.message) : format(error)}`);
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    printLine(process.stderr, `playdeck: ${message} (details in ${log.path})`);
    process.exit(1);
  };
  process.on('uncaughtException', onFatal);
  process.on('unhandledRejection', onFatal);

  return {
    release() {
      Object.assign(console, saved);
      process.off('warning', onWarning);
      for (const listener of warningListeners) process.on('warning', listener as (warning: Error) => void);
      process.off('uncaughtException', onFatal);
      process.off('unhandledRejection', onFatal);
    },
  };
}
