import { EventEmitter } from 'node:events';
import fc from 'fast-check';
import type { DOMElement } from 'ink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createScreen, frameUpdate } from '../../src/terminal/screen.js';
import { useFakeClock } from '../helpers/fake-clock.js';

/** The bytes that turn the rows `shown` into `next`. */
const rowUpdates = (shown: readonly string[], next: readonly string[]): string => frameUpdate(shown, next).bytes;

/** The SGR attributes a cell can carry, by the family each code belongs to. */
function applySgr(state: Map<string, string>, params: string): void {
  for (const code of (params === '' ? '0' : params).split(';').map(Number)) {
    if (code === 0) state.clear();
    else if (code === 1 || code === 2) state.set(`weight${code}`, String(code));
    else if (code === 22) (state.delete('weight1'), state.delete('weight2'));
    else if ((code >= 30 && code <= 37) || (code >= 90 && code <= 97)) state.set('fg', String(code));
    else if (code === 39) state.delete('fg');
    else if ([3, 4, 7, 9].includes(code)) state.set(`attr${code}`, '');
    else if ([23, 24, 27, 29].includes(code)) state.delete(`attr${code - 20}`);
  }
}

/** A terminal small enough to trust: cursor moves, erase to end of line, SGR, printing. */
class VirtualTerminal {
  readonly cells: { text: string; style: string }[][];
  private row = 0;
  private column = 0;
  private readonly style = new Map<string, string>();

  constructor(private readonly width: number, rows: number) {
    this.cells = Array.from({ length: rows }, () => this.blankRow());
  }

  feed(bytes: string): void {
    for (const [token, csi, final] of bytes.matchAll(/\u001B\[([0-9;?]*)([A-Za-z])|[^\u001B]/gu)) {
      if (final === 'H') {
        const [row = 1, column = 1] = csi!.split(';').map(Number);
        [this.row, this.column] = [row - 1, column - 1];
      } else if (final === 'K') {
        for (let column = this.column; column < this.width; column++) this.cells[this.row]![column] = { text: ' ', style: '' };
      } else if (final === 'm') {
        applySgr(this.style, csi!);
      } else if (final === undefined) {
        this.cells[this.row]![this.column++] = { text: token, style: [...this.style].sort().join() };
      }
    }
  }

  private blankRow() {
    return Array.from({ length: this.width }, () => ({ text: ' ', style: '' }));
  }
}

function painted(lines: string[], width: number) {
  const terminal = new VirtualTerminal(width, lines.length);
  terminal.feed(rowUpdates([], lines));
  return terminal.cells;
}

// Closed by their own codes, or by a full reset (half-block pictures end their rows so).
const STYLES = [['1', '22'], ['2', '22'], ['36', '39'], ['32', '39'], ['7', '27'], ['33', '0'], ['0;35', '0']] as const;
const segment = fc.record({
  style: fc.option(fc.constantFrom(...STYLES), { nil: undefined }),
  text: fc.array(fc.constantFrom('a', 'b', ' ', '─', '━', '│', '9'), { minLength: 1, maxLength: 6 }).map((chars) => chars.join('')),
});
type Segment = { style: readonly [string, string] | undefined; text: string };
const line = (segments: Segment[]) =>
  segments.map(({ style, text }) => (style ? `\u001B[${style[0]}m${text}\u001B[${style[1]}m` : text)).join('');
const row = fc.array(segment, { minLength: 1, maxLength: 5 }).map(line);
/** Two rows of the same width that differ here and there, as two frames of one row usually do. */
const sameWidthRows = fc
  .array(fc.tuple(segment, segment, fc.boolean()), { minLength: 1, maxLength: 6 })
  .map((pairs) => {
    const after = pairs.map(([a, b, isChanged]) => (isChanged ? { style: b.style, text: b.text.padEnd(a.text.length, 'x').slice(0, a.text.length) } : a));
    return [line(pairs.map(([a]) => a)), line(after)] as const;
  });

describe('frameUpdate', () => {
  it('turns any screen of rows into any other, style included (seed 6, 300 runs)', () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 4 }), fc.array(row, { minLength: 1, maxLength: 4 }), (before, after) => {
        const width = 40;
        const terminal = new VirtualTerminal(width, 4);
        terminal.feed(rowUpdates([], before));
        terminal.feed(rowUpdates(before, after));
        const expected = painted([...after, ...Array<string>(4 - after.length).fill('')], width);
        expect(terminal.cells).toEqual(expected);
      }),
      { seed: 6, numRuns: 300 },
    );
  });

  it('patches a row into another of the same width, style included (seed 7, 300 runs)', () => {
    fc.assert(
      fc.property(sameWidthRows, ([before, after]) => {
        const terminal = new VirtualTerminal(40, 1);
        terminal.feed(rowUpdates([], [before]));
        terminal.feed(rowUpdates([before], [after]));
        expect(terminal.cells).toEqual(painted([after], 40));
      }),
      { seed: 7, numRuns: 300 },
    );
  });

  it('rewrites only the characters of a clock tick', () => {
    const bar = (filled: number) => `\u001B[36m${'━'.repeat(filled)}\u001B[39m\u001B[2m${'─'.repeat(100 - filled)}\u001B[22m`;
    const update = rowUpdates([`│ 0:08 ${bar(20)} 2:23 │`], [`│ 0:09 ${bar(20)} 2:23 │`]);
    expect(update).toBe('\u001B[1;6H\u001B[0m9\u001B[0m');
  });

  it('does not repeat the styles before a reset: a tick beside a picture costs what it costs alone', () => {
    const picture = `${'\u001B[38;5;1m\u001B[48;5;2m▀\u001B[38;5;3m\u001B[48;5;4m▀'.repeat(5)}\u001B[0m`;
    const update = rowUpdates([`│ ${picture}  0:08 ━━── 2:23 │`], [`│ ${picture}  0:09 ━━── 2:23 │`]);
    expect(update).toBe('\u001B[1;18H\u001B[0m9\u001B[0m');
  });

  it('rewrites a whole row holding wide characters', () => {
    expect(rowUpdates(['名前 a'], ['名前 b'])).toBe('\u001B[1;1H名前 b\u001B[K');
  });

  it('tells which columns of each row it writes over (pictures over them are drawn again)', () => {
    expect(frameUpdate(['│ 0:08 │', 'same', '名前 a'], ['│ 0:09 │', 'same', '名前 b']).rewritten).toEqual([
      { start: 5, end: 6 },
      null,
      { start: 0, end: Infinity },
    ]);
  });
});

class FakeTerminal extends EventEmitter {
  readonly writes: string[] = [];
  columns = 20;
  rows = 3;
  write(data: string): boolean {
    this.writes.push(data);
    return true;
  }
}

describe('createScreen', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('draws the last of the frames that come within one frame time, then only what changed', async () => {
    useFakeClock();
    const terminal = new FakeTerminal();
    const screen = createScreen(terminal as unknown as NodeJS.WriteStream, { maxFps: 10 });
    screen.open();
    screen.stream.write('one\ntwo');
    screen.stream.write('one\nTWO');
    await vi.advanceTimersByTimeAsync(0);
    expect(terminal.writes.slice(1)).toEqual(['\u001B[1;1Hone\u001B[K\u001B[2;1HTWO\u001B[K']);
    screen.stream.write('one\nTWX');
    await vi.advanceTimersByTimeAsync(99);
    expect(terminal.writes).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(terminal.writes.at(-1)).toBe('\u001B[2;3H\u001B[0mX\u001B[0m');
  });

  it('repaints everything after a resize, and gives the terminal back on close', async () => {
    useFakeClock();
    const terminal = new FakeTerminal();
    const screen = createScreen(terminal as unknown as NodeJS.WriteStream);
    const resized = vi.fn();
    screen.stream.on('resize', resized);
    screen.open();
    screen.stream.write('a\nb');
    await vi.advanceTimersByTimeAsync(100);
    terminal.columns = 30;
    terminal.emit('resize');
    expect(resized).toHaveBeenCalledTimes(1);
    expect(screen.stream.columns).toBe(30);
    screen.stream.write('a\nb');
    await vi.advanceTimersByTimeAsync(100);
    expect(terminal.writes.slice(-2)).toEqual(['\u001B[2J', '\u001B[1;1Ha\u001B[K\u001B[2;1Hb\u001B[K']);
    screen.close();
    expect(terminal.writes.at(-1)).toBe('\u001B[?1004l\u001B[?25h\u001B[?1049l');
    expect(() => terminal.emit('error', Object.assign(new Error('gone'), { code: 'EIO' }))).not.toThrow();
  });

  it('holds Ink\'s frames over a start frame until released, then writes only the cells that differ from it', async () => {
    useFakeClock();
    const terminal = new FakeTerminal();
    const screen = createScreen(terminal as unknown as NodeJS.WriteStream, { startFrame: ['Paused  Song', ''] });
    screen.open('?question');
    // Already on the alternate screen, asked and cleared by whoever painted the start frame.
    expect(terminal.writes).toEqual(['\u001B[?1004h']);
    screen.stream.write('Asking...\n\nTabs');
    await vi.advanceTimersByTimeAsync(500);
    expect(terminal.writes).toHaveLength(1);
    screen.stream.write('Paused  Song\n0:01\nTabs');
    screen.release();
    await vi.advanceTimersByTimeAsync(100);
    expect(terminal.writes.slice(1)).toEqual(['\u001B[2;1H0:01\u001B[K\u001B[3;1HTabs\u001B[K']);
    expect(screen.lastFrame()).toEqual(['Paused  Song', '0:01', 'Tabs']);
  });

  it('takes no cursor mode Ink writes as it unmounts for a frame, and keeps the last frame that had anything on it', async () => {
    useFakeClock();
    const terminal = new FakeTerminal();
    const screen = createScreen(terminal as unknown as NodeJS.WriteStream);
    screen.open();
    screen.stream.write('one\ntwo');
    await vi.advanceTimersByTimeAsync(100);
    const drawn = terminal.writes.length;
    screen.stream.write('\u001B[?25h');
    await vi.advanceTimersByTimeAsync(100);
    expect(terminal.writes).toHaveLength(drawn);
    screen.stream.write('\n');
    await vi.advanceTimersByTimeAsync(100);
    expect(screen.lastFrame()).toEqual(['one', 'two']);
  });

  it('finds a live line\'s place once per frame of Ink\'s, however many seconds are drawn on it', async () => {
    useFakeClock();
    const terminal = new FakeTerminal();
    const owner = {} as DOMElement;
    const locate = vi.fn((element: DOMElement) => (element === owner ? { row: 1, column: 2, width: 4 } : null));
    const screen = createScreen(terminal as unknown as NodeJS.WriteStream, { maxFps: 10, locate });
    screen.open();
    screen.stream.write('title\n|      |');
    for (const second of ['0:08', '0:09', '0:10']) {
      screen.liveLines.show(owner, second);
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(terminal.writes.at(-1)).toBe('\u001B[2;5H\u001B[0m10\u001B[0m');
    expect(locate).toHaveBeenCalledTimes(1);
    screen.stream.write('TITLE\n|      |');
    await vi.advanceTimersByTimeAsync(100);
    expect(locate).toHaveBeenCalledTimes(2);
  });

  it('draws live lines over the frame, rewrites just the characters a tick changes, and nothing once closed', async () => {
    useFakeClock();
    const terminal = new FakeTerminal();
    const owner = {} as DOMElement;
    const locate = (element: DOMElement) => (element === owner ? { row: 1, column: 2, width: 4 } : null);
    const screen = createScreen(terminal as unknown as NodeJS.WriteStream, { maxFps: 10, locate });
    screen.open();
    screen.stream.write('title\n|      |');
    screen.liveLines.show(owner, '0:08');
    await vi.advanceTimersByTimeAsync(0);
    expect(terminal.writes.at(-1)).toBe('\u001B[1;1Htitle\u001B[K\u001B[2;1H| 0:08 |\u001B[K');
    screen.liveLines.show(owner, '0:09');
    await vi.advanceTimersByTimeAsync(100);
    expect(terminal.writes.at(-1)).toBe('\u001B[2;6H\u001B[0m9\u001B[0m');
    // A frame from Ink keeps the line where its layout puts it.
    screen.stream.write('TITLE\n|      |');
    await vi.advanceTimersByTimeAsync(100);
    expect(terminal.writes.at(-1)).toBe('\u001B[1;1H\u001B[0mTITLE\u001B[0m');
    screen.liveLines.hide(owner);
    await vi.advanceTimersByTimeAsync(100);
    expect(terminal.writes.at(-1)).toBe('\u001B[2;3H\u001B[0m    \u001B[0m');
    screen.close();
    const written = terminal.writes.length;
    screen.liveLines.show(owner, '0:10');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(terminal.writes).toHaveLength(written);
  });
});
