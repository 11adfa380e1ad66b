import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKeyboard, HELD_REPORT_MS } from '../../src/terminal/keyboard.js';
import type { MouseEvent } from '../../src/terminal/mouse.js';
import { createScreen } from '../../src/terminal/screen.js';
import { useFakeClock } from '../helpers/fake-clock.js';

/** Mouse and focus reports taken out of the keys before they are split, across reads. */

function fakeTerminal() {
  const terminal = new PassThrough() as PassThrough & { isTTY: boolean; setRawMode: (mode: boolean) => void; ref(): void; unref(): void };
  terminal.isTTY = true;
  terminal.setRawMode = vi.fn();
  terminal.ref = vi.fn();
  terminal.unref = vi.fn();
  return terminal;
}

function open(options: { mouse: boolean }) {
  const terminal = fakeTerminal();
  const mice: MouseEvent[] = [];
  const focus: boolean[] = [];
  const answers: string[] = [];
  const keyboard = createKeyboard(terminal as unknown as NodeJS.ReadStream, {
    onMouse: options.mouse ? (event) => mice.push(event) : undefined,
    onFocus: (isFocused) => focus.push(isFocused),
    onAnswer: (answer) => answers.push(answer),
  });
  keyboard.setEncoding('utf8');
  keyboard.setRawMode(true);
  const keys: string[] = [];
  keyboard.on('readable', () => {
    let chunk: string | null;
    while ((chunk = keyboard.read() as string | null) !== null) keys.push(chunk);
  });
  const send = async (text: string): Promise<void> => {
    terminal.write(text);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { keys, mice, focus, answers, send };
}

const settle = async (): Promise<void> => {
  for (let step = 0; step < 6; step++) await vi.advanceTimersByTimeAsync(30);
};

describe('the keyboard with mouse and focus reports', () => {
  afterEach(() => vi.useRealTimers());

  it('sends a click to the mouse handler and only the keys on, even when the report is cut across reads', async () => {
    useFakeClock();
    const { keys, mice, send } = open({ mouse: true });
    await send('j\u001B[<0;12');
    await send(';9Mk\u001B[<0;12;9m');
    await settle();
    expect(keys).toEqual(['j', 'k']);
    expect(mice.map((event) => [event.kind, event.column, event.row])).toEqual([
      ['press', 11, 8],
      ['release', 11, 8],
    ]);
  });

  it('lets a lone Esc held as a possible report through after a short wait', async () => {
    useFakeClock();
    const { keys, send } = open({ mouse: true });
    await send('\u001B');
    expect(keys).toEqual([]);
    await vi.advanceTimersByTimeAsync(HELD_REPORT_MS);
    await settle();
    expect(keys).toEqual(['\u001B']);
  });

  it('ignores unknown buttons, never typing them', async () => {
    useFakeClock();
    const { keys, mice, send } = open({ mouse: true });
    await send('\u001B[<66;3;3M/');
    await settle();
    expect(mice).toEqual([]);
    expect(keys).toEqual(['/']);
  });

  it('reports the focus in and out of the window and keeps them out of the keys', async () => {
    useFakeClock();
    const { keys, focus, send } = open({ mouse: false });
    await send('\u001B[Oq\u001B[I');
    await settle();
    expect(focus).toEqual([false, true]);
    expect(keys).toEqual(['q']);
  });
});

describe('the keyboard with the terminal\'s answers', () => {
  afterEach(() => vi.useRealTimers());
  const OK = '\u001B_Gi=4031979;OK\u001B\\';

  it.each([false, true])('takes an answer out of the keys, even cut across reads (mouse on: %s)', async (mouse) => {
    useFakeClock();
    const { keys, answers, mice, send } = open({ mouse });
    await send(`j${OK.slice(0, 9)}`);
    await send(`${OK.slice(9, -1)}`);
    await send(`${OK.slice(-1)}k${mouse ? '\u001B[<0;3;3M' : ''}`);
    await settle();
    expect(answers).toEqual([OK]);
    expect(keys).toEqual(['j', 'k']);
    expect(mice).toHaveLength(mouse ? 1 : 0);
  });

  it('lets Alt+_ and what follows through as keys when no end comes', async () => {
    useFakeClock();
    const { keys, answers, send } = open({ mouse: true });
    await send('\u001B_');
    await send('x');
    expect(keys).toEqual([]);
    await vi.advanceTimersByTimeAsync(HELD_REPORT_MS);
    await settle();
    expect(answers).toEqual([]);
    expect(keys).toEqual(['\u001B_', 'x']);
  });
});

describe('the screen and the mouse', () => {
  function fakeOutput() {
    const writes: string[] = [];
    const output = Object.assign(new PassThrough(), { columns: 80, rows: 24, isTTY: true });
    output.write = ((text: string) => (writes.push(text), true)) as typeof output.write;
    return { output, writes };
  }

  it('turns mouse and focus reporting on with the screen and off again when it closes', () => {
    const { output, writes } = fakeOutput();
    const screen = createScreen(output as unknown as NodeJS.WriteStream, { mouse: true });
    screen.open();
    expect(writes.join('')).toContain('\u001B[?1000h\u001B[?1006h');
    expect(writes.join('')).toContain('\u001B[?1004h');
    screen.close();
    expect(writes.at(-1)).toBe('\u001B[?1006l\u001B[?1000l\u001B[?1004l\u001B[?25h\u001B[?1049l');
  });

  it('leaves the mouse alone without it', () => {
    const { output, writes } = fakeOutput();
    const screen = createScreen(output as unknown as NodeJS.WriteStream);
    screen.open();
    screen.close();
    expect(writes.join('')).not.toContain('?1000');
  });
});
