import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKeyboard, splitKeypresses } from '../../src/terminal/keyboard.js';
import { useFakeClock } from '../helpers/fake-clock.js';

describe('splitKeypresses', () => {
  it.each([
    ['2jj\r', ['2', 'j', 'j', '\r']],
    ['5J', ['5', 'J']],
    ['j\u001B[Bk', ['j', '\u001B[B', 'k']],
    ['\u001B[1;2A\u001B[5~', ['\u001B[1;2A', '\u001B[5~']],
    ['\u001BOA', ['\u001BOA']],
    ['\u001Bj', ['\u001Bj']],
    ['\u001B', ['\u001B']],
    ['\u001B\u001B[A', ['\u001B\u001B[A']],
    ['\u0012u', ['\u0012', 'u']],
    ['é🎵', ['é', '🎵']],
  ])('splits %j into single keypresses', (chunk, keys) => {
    expect(splitKeypresses(chunk)).toEqual(keys);
  });
});

describe('createKeyboard', () => {
  afterEach(() => vi.useRealTimers());

  function fakeTerminal() {
    const terminal = new PassThrough() as PassThrough & { isTTY: boolean; setRawMode: (mode: boolean) => void; ref(): void; unref(): void };
    terminal.isTTY = true;
    terminal.setRawMode = vi.fn();
    terminal.ref = vi.fn();
    terminal.unref = vi.fn();
    return terminal;
  }

  it('delivers a chunk of several keys one keypress per read, in order', async () => {
    useFakeClock();
    const terminal = fakeTerminal();
    const keyboard = createKeyboard(terminal as unknown as NodeJS.ReadStream);
    keyboard.setEncoding('utf8');
    keyboard.setRawMode(true);
    const reads: string[] = [];
    keyboard.on('readable', () => {
      let chunk: string | null;
      while ((chunk = keyboard.read() as string | null) !== null) reads.push(chunk);
    });
    terminal.write('2jj\u001B[A');
    for (let step = 0; step < 4; step++) await vi.advanceTimersByTimeAsync(30);
    expect(reads).toEqual(['2', 'j', 'j', '\u001B[A']);
    expect(terminal.setRawMode).toHaveBeenCalledWith(true);
  });

  it('stops listening when raw mode is turned off', async () => {
    const terminal = fakeTerminal();
    const keyboard = createKeyboard(terminal as unknown as NodeJS.ReadStream);
    keyboard.setRawMode(true);
    keyboard.setRawMode(false);
    expect(terminal.listenerCount('data')).toBe(0);
  });
});
