import { appendFileSync, chmodSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * The dashboard's log: what the in-process service and the libraries would otherwise write over the screen.
 * Size-bounded (the file is moved to `.1` when full, the older `.1` dropped), owner-only, tokens never written.
 * Nothing is touched until the first line: a calm day costs no file at all.
 */
export interface LogFile {
  readonly path: string;
  write(line: string): void;
}

export const MAX_LOG_BYTES = 1024 * 1024;

/** `$XDG_STATE_HOME/playdeck/playdeck.log` (default `~/.local/state/playdeck/playdeck.log`). */
export function defaultLogPath(env: NodeJS.ProcessEnv = process.env): string {
  const stateHome = env['XDG_STATE_HOME'] || join(homedir(), '.local', 'state');
  return join(stateHome, 'playdeck', 'playdeck.log');
}

const SECRETS: readonly [RegExp, string][] = [
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/-]+=*/gi, '$1 [redacted]'],
  [/\b(access_token|refresh_token|id_token|code_verifier|client_secret|token|code)(["']?\s*[:=]\s*["']?)[^"'&\s,}]+/gi, '$1$2[redacted]'],
];

/** The line with anything that looks like a credential replaced. */
export function redact(line: string): string {
  return SECRETS.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), line);
}

export function openLogFile(path: string, maxBytes = MAX_LOG_BYTES, now: () => Date = () => new Date()): LogFile {
  let size: number | null = null;
  return {
    path,
    write(line) {
      const text = `${now().toISOString()} ${redact(line).trimEnd()}\n`;
      try {
        if (size === null) {
          mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
          size = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
        }
        if (size > 0 && size + text.length > maxBytes) {
          renameSync(path, `${path}.1`);
          size = 0;
        }
        appendFileSync(path, text, { mode: 0o600 });
        if (size === 0) chmodSync(path, 0o600);
        size += Buffer.byteLength(text);
      } catch {
        // A log that cannot be written must not take the dashboard down with it.
      }
    },
  };
}
