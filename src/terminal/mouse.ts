/**
 * Mouse reports in the SGR 1006 form, `ESC [ < button ; column ; row M` (press) or `m` (release), taken out
 * of the terminal's input before it is split into keys, so that no part of one is ever typed into a filter.
 * A report can be cut across two reads: the start of one is held back until the rest comes, or until
 * `flush` (a lone Esc at the end of a read is held too, so the reader flushes after a short wait).
 */

const ESC = '\u001B';

/** Turns reporting on: clicks and releases with the wheel (1000), in SGR coordinates without a column limit (1006). */
export const ENABLE_MOUSE = `${ESC}[?1000h${ESC}[?1006h`;
/** Turns it off again; written on every way out, like the other terminal modes. */
export const DISABLE_MOUSE = `${ESC}[?1006l${ESC}[?1000l`;

export type MouseButton = 'left' | 'middle' | 'right';

export type MouseEvent =
  | { kind: 'press' | 'release' | 'drag'; button: MouseButton; column: number; row: number; modifiers: Modifiers }
  | { kind: 'wheel'; direction: 'up' | 'down'; column: number; row: number; modifiers: Modifiers };

export interface Modifiers {
  shift: boolean;
  alt: boolean;
  ctrl: boolean;
}

const REPORT = /^\u001B\[<(\d{1,4});(\d{1,5});(\d{1,5})([Mm])/;
/** Longest report the pattern allows; a held start longer than this is not one. */
const MAX_REPORT_LENGTH = 3 + 4 + 1 + 5 + 1 + 5 + 1;
const BUTTONS: readonly MouseButton[] = ['left', 'middle', 'right'];

/** A report's fields to an event, or null for what we do not use (motion without a button, extra buttons). */
export function mouseEvent(code: number, column: number, row: number, isRelease: boolean): MouseEvent | null {
  const modifiers = { shift: (code & 4) !== 0, alt: (code & 8) !== 0, ctrl: (code & 16) !== 0 };
  const at = { column: column - 1, row: row - 1, modifiers };
  if (at.column < 0 || at.row < 0 || code >= 128) return null;
  const base = code & 3;
  if ((code & 64) !== 0) {
    // 64 and 65 are the wheel up and down; 66 and 67 (sideways) are not used.
    if (isRelease || base > 1 || (code & 32) !== 0) return null;
    return { kind: 'wheel', direction: base === 0 ? 'up' : 'down', ...at };
  }
  if (base === 3) return null;
  const button = BUTTONS[base]!;
  if ((code & 32) !== 0) return isRelease ? null : { kind: 'drag', button, ...at };
  return { kind: isRelease ? 'release' : 'press', button, ...at };
}

/** Whether `text` could still grow into a report: a start of `ESC [ < digits ; digits ; digits`. */
function isReportStart(text: string): boolean {
  if (text.length > MAX_REPORT_LENGTH) return false;
  return /^\u001B(?:\[(?:<(?:\d{1,4}(?:;(?:\d{1,5}(?:;\d{0,5})?)?)?)?)?)?$/.test(text);
}

export interface MouseSplit {
  /** The input without reports, for the key splitter. */
  keys: string;
  events: MouseEvent[];
}

/** Takes reports out of the input stream, across reads. */
export class MouseReader {
  private held = '';

  /** One read: its reports as events, the rest as keys; a report's start at the end is held for the next read. */
  read(chunk: string): MouseSplit {
    const text = this.held + chunk;
    this.held = '';
    const events: MouseEvent[] = [];
    let keys = '';
    let index = 0;
    while (index < text.length) {
      const next = text.indexOf(ESC, index);
      if (next === -1) {
        keys += text.slice(index);
        break;
      }
      keys += text.slice(index, next);
      const rest = text.slice(next);
      const report = REPORT.exec(rest);
      if (report !== null) {
        const event = mouseEvent(Number(report[1]), Number(report[2]), Number(report[3]), report[4] === 'm');
        if (event !== null) events.push(event);
        index = next + report[0].length;
      } else if (isReportStart(rest)) {
        this.held = rest;
        break;
      } else {
        keys += ESC;
        index = next + 1;
      }
    }
    return { keys, events };
  }

  /** Whether a report's start is held; the reader should `flush` if nothing follows soon. */
  get hasHeld(): boolean {
    return this.held !== '';
  }

  /** What was held, as keys: nothing followed, so it was not a report (a lone Esc, most often). */
  flush(): string {
    const held = this.held;
    this.held = '';
    return held;
  }
}
