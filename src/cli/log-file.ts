import { appendFileSync, chmodSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';

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

/**
 * `$XDG_STATE_HOME/playdeck/playdeck.log` (default `~/.local/state/playdeck/playdeck.log`); a relative
 * XDG_STATE_HOME is ignored, as the XDG spec says.
 */
export function defaultLogPath(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env['XDG_STATE_HOME'];
  const stateHome = configured && isAbsolute(configured) ? configured : join(homedir(), '.local', 'state');
  return join(stateHome, 'playdeck', 'playdeck.log');
}

const SECRETS: readonly [RegExp, string][] = [
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/-]+=*/gi, '$1 [redacted]'],
  [/\b(access_token|refresh_token|id_token|code_verifier|client_secret|token|code)(["']?\s*[:=]\s*["']?)[^"'&\s,}]+/gi, '$1$2[redacted]'],
];

/** Line breaks, escapes and other controls, C1 and bidi controls included: what could forge or hide a line. */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * One event, one line: a URL or a message that holds a newline or an escape sequence (from the service, from
 * a picture's address) is written with them spelled out (`\n`, `\x1b`), so it can neither forge a line of
 * the log nor act on the terminal of whoever reads it.
 */
export function oneLine(text: string): string {
  return text.replace(CONTROLS, (char) => {
    const code = char.charCodeAt(0);
    return NAMED[char] ?? (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`);
  });
}

/** The line with anything that looks like a credential replaced. */
export function redact(line: string): string {
  return SECRETS.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), line);
}

export function openLogFile(path: string, maxBytes = MAX_LOG_BYTES, now: () => Date = () => new Date()): LogFile {
  let size: number | null = null;
  return {
    path,
    write(line) {
      const text = `${now().toISOString()} ${oneLine(redact(line).trimEnd())}\n`;
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
