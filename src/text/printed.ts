/**
 * What the command line prints (errors, "Logged in as …", config problems, status lines) can carry text from
 * the service or a config file, which is as hostile as the names the panes show: an OSC 0 retitles the
 * window, an OSC 52 writes the clipboard, a CSI moves the cursor. Every line goes out through `printable`,
 * with the panes' rules (sanitize.ts); the line breaks the program itself put between lines stay.
 */
import { sanitizeText } from './sanitize.js';

/** `text` with each of its lines sanitized; `\n` between them kept (a `\r` or any other control is not). */
export function printable(text: string): string {
  return text.split('\n').map(sanitizeText).join('\n');
}

/** Writes `text` and a newline to `stream`, sanitized. */
export function printLine(stream: NodeJS.WritableStream, text: string): void {
  stream.write(`${printable(text)}\n`);
}
