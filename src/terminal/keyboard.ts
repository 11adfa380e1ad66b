import { Readable } from 'node:stream';
import { AnswerReader } from './answers.js';
import { MouseReader, type MouseEvent } from './mouse.js';

/**
 * The terminal's input as Ink should see it: one keypress at a time.
 *
 * Ink 6.8 hands a run of plain characters that arrive in one read to `useInput` as a single string
 * ("2jj\r"), so keys typed quickly, auto-repeated or sent by a script were lost. Splitting the run is not
 * enough on its own: in "2j" the `j` belongs to the pane that `2` focuses, which exists only once React has
 * committed. So each keypress is delivered in its own macrotask, the rest of a burst 30 ms apart, time for
 * the commit a key causes; the lines typed into (ui/keys/line-edit.ts) keep their text in refs, so a key that
 * comes before the render of the one before still adds to it.
 */

// No slower than key auto-repeat (~30 a second); a paste of 20 characters takes 0.6 s.
const BURST_GAP_MS = 30;

const ESC = '\u001B';

/** Escape sequences (CSI, SS3, ESC+char, ESC ESC+seq) stay whole; everything else is split per code point. */
export function splitKeypresses(text: string): string[] {
  const keys: string[] = [];
  let index = 0;
  while (index < text.length) {
    if (text[index] !== ESC) {
      const char = String.fromCodePoint(text.codePointAt(index)!);
      keys.push(char);
      index += char.length;
      continue;
    }
    const end = escapeSequenceEnd(text, index);
    keys.push(text.slice(index, end));
    index = end;
  }
  return keys;
}

function escapeSequenceEnd(text: string, start: number): number {
  let index = start + 1;
  if (text[index] === ESC) index++; // Meta+key in some terminals: ESC ESC [ A
  const kind = text[index];
  if (kind === '[') {
    index++;
    if (text[index] === '[') index++; // Linux console function keys: ESC [ [ A
    while (index < text.length && /[0-9;:<=>?]/.test(text[index]!)) index++;
    while (index < text.length && /[ -/]/.test(text[index]!)) index++;
    return Math.min(text.length, index + 1);
  }
  if (kind === 'O') return Math.min(text.length, index + 2);
  if (kind === undefined) return index;
  return index + String.fromCodePoint(text.codePointAt(index)!).length;
}

/** How long a start of a mouse report (or a lone Esc) waits for its rest before it is taken as keys. */
export const HELD_REPORT_MS = 30;

export interface KeyboardOptions {
  /** Mouse reports (SGR 1006) taken out of the input; without it they are not read (reporting is off). */
  onMouse?(event: MouseEvent): void;
  /** The terminal's focus reports (ESC[I, ESC[O, with ?1004h on), taken out of the input. */
  onFocus?(focused: boolean): void;
  /** The terminal's answers to a question (APC strings, see answers.ts); taken out of the input in any case. */
  onAnswer?(answer: string): void;
}

/** Focus reports out of `text`, reported; the rest is keys. */
function takeFocusReports(text: string, onFocus: (focused: boolean) => void): string {
  if (!text.includes(`${ESC}[`)) return text;
  return text.replace(/\[([IO])/g, (_report, kind: string) => {
    onFocus(kind === 'I');
    return '';
  });
}

/** A stand-in for `process.stdin` that Ink reads one keypress per macrotask from. */
export function createKeyboard(terminal: NodeJS.ReadStream, { onMouse, onFocus, onAnswer }: KeyboardOptions = {}): NodeJS.ReadStream {
  const mouse = onMouse === undefined ? null : new MouseReader();
  const answers = new AnswerReader();
  let heldTimer: ReturnType<typeof setTimeout> | undefined;
  const queue: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const keyboard = new Readable({ read() {} }) as Readable & {
    isTTY: boolean;
    setRawMode(mode: boolean): unknown;
    ref(): unknown;
    unref(): unknown;
  };
  const deliverNext = (): void => {
    timer = undefined;
    const key = queue.shift();
    if (key === undefined) return;
    keyboard.push(key);
    if (queue.length > 0) timer = setTimeout(deliverNext, BURST_GAP_MS);
  };
  const pushKeys = (text: string): void => {
    const keys = onFocus === undefined ? text : takeFocusReports(text, onFocus);
    if (keys === '') return;
    queue.push(...splitKeypresses(keys));
    timer ??= setTimeout(deliverNext, 0);
  };
  const readKeys = (text: string): void => {
    if (mouse === null) return pushKeys(text);
    const { keys, events } = mouse.read(text);
    for (const event of events) onMouse?.(event);
    pushKeys(keys);
  };
  // A report or an answer cut across reads waits for its rest; nothing came: it was keys (a lone Esc, most often).
  const flushHeld = (): void => {
    readKeys(answers.flush());
    if (mouse?.hasHeld) pushKeys(mouse.flush());
  };
  const onData = (chunk: Buffer | string): void => {
    clearTimeout(heldTimer);
    const split = answers.read(chunk.toString());
    for (const answer of split.answers) onAnswer?.(answer);
    readKeys(split.keys);
    if (answers.hasHeld || mouse?.hasHeld) heldTimer = setTimeout(flushHeld, HELD_REPORT_MS);
  };
  keyboard.isTTY = terminal.isTTY;
  keyboard.setRawMode = (mode) => {
    terminal.setRawMode?.(mode);
    if (mode) terminal.on('data', onData);
    else terminal.off('data', onData);
    return keyboard;
  };
  keyboard.ref = () => (terminal.ref(), keyboard);
  keyboard.unref = () => (terminal.unref(), keyboard);
  keyboard.on('close', () => {
    clearTimeout(timer);
    clearTimeout(heldTimer);
  });
  return keyboard as unknown as NodeJS.ReadStream;
}
