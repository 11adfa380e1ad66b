import { describe, expect, it } from 'vitest';
import { DISABLE_MOUSE, ENABLE_MOUSE, MouseReader, mouseEvent } from '../../src/terminal/mouse.js';

const ESC = '\u001B';
const none = { shift: false, alt: false, ctrl: false };

describe('mouseEvent', () => {
  it('reads presses, releases, drags and the wheel, 0-based', () => {
    expect(mouseEvent(0, 1, 1, false)).toEqual({ kind: 'press', button: 'left', column: 0, row: 0, modifiers: none });
    expect(mouseEvent(2, 10, 5, true)).toEqual({ kind: 'release', button: 'right', column: 9, row: 4, modifiers: none });
    expect(mouseEvent(1, 3, 3, false)).toMatchObject({ kind: 'press', button: 'middle' });
    expect(mouseEvent(32, 4, 2, false)).toMatchObject({ kind: 'drag', button: 'left', column: 3, row: 1 });
    expect(mouseEvent(64, 7, 8, false)).toEqual({ kind: 'wheel', direction: 'up', column: 6, row: 7, modifiers: none });
    expect(mouseEvent(65, 7, 8, false)).toMatchObject({ kind: 'wheel', direction: 'down' });
    expect(mouseEvent(4 + 8 + 16, 1, 1, false)).toMatchObject({ modifiers: { shift: true, alt: true, ctrl: true } });
  });

  it('ignores what it does not use: sideways wheel, extra buttons, motion without a button, cells before the first', () => {
    for (const [code, column, row, isRelease] of [[66, 1, 1, false], [67, 1, 1, false], [128, 1, 1, false], [129, 1, 1, true], [35, 5, 5, false], [3, 1, 1, false], [0, 0, 1, false], [0, 1, 0, false], [64, 1, 1, true]] as const) {
      expect(mouseEvent(code, column, row, isRelease), String(code)).toBeNull();
    }
  });
});

describe('MouseReader', () => {
  it('takes reports out of the input and leaves the keys in order', () => {
    const reader = new MouseReader();
    expect(reader.read(`a${ESC}[<0;5;3Mb${ESC}[<0;5;3mc`)).toEqual({
      keys: 'abc',
      events: [
        { kind: 'press', button: 'left', column: 4, row: 2, modifiers: none },
        { kind: 'release', button: 'left', column: 4, row: 2, modifiers: none },
      ],
    });
    expect(reader.hasHeld).toBe(false);
  });

  it('leaves other escape sequences to the key splitter', () => {
    const reader = new MouseReader();
    expect(reader.read(`${ESC}[A${ESC}[1;2B${ESC}${ESC}[Cx`)).toEqual({ keys: `${ESC}[A${ESC}[1;2B${ESC}${ESC}[Cx`, events: [] });
    expect(reader.read(`${ESC}[<a`)).toEqual({ keys: `${ESC}[<a`, events: [] });
  });

  it('joins a report cut across reads at every point, and types none of it', () => {
    const report = `${ESC}[<65;120;40M`;
    for (let cut = 1; cut < report.length; cut++) {
      const reader = new MouseReader();
      const first = reader.read(`j${report.slice(0, cut)}`);
      expect(first, `cut at ${cut}`).toEqual({ keys: 'j', events: [] });
      expect(reader.hasHeld).toBe(true);
      const second = reader.read(`${report.slice(cut)}k`);
      expect(second, `cut at ${cut}`).toEqual({ keys: 'k', events: [{ kind: 'wheel', direction: 'down', column: 119, row: 39, modifiers: none }] });
    }
  });

  it('gives back a held lone Esc when nothing follows, and a held start that turns out to be keys', () => {
    const reader = new MouseReader();
    expect(reader.read(`x${ESC}`)).toEqual({ keys: 'x', events: [] });
    expect(reader.flush()).toBe(ESC);
    expect(reader.hasHeld).toBe(false);
    expect(reader.read(`${ESC}[`)).toEqual({ keys: '', events: [] });
    expect(reader.read('B')).toEqual({ keys: `${ESC}[B`, events: [] });
    expect(reader.read(`${ESC}[<1;2`)).toEqual({ keys: '', events: [] });
    expect(reader.read('x')).toEqual({ keys: `${ESC}[<1;2x`, events: [] });
  });

  it('drops reports of unknown buttons without typing them', () => {
    const reader = new MouseReader();
    expect(reader.read(`${ESC}[<128;1;1M${ESC}[<66;2;2M/`)).toEqual({ keys: '/', events: [] });
  });

  it('reads many reports in one chunk, as a fast wheel sends them', () => {
    const reader = new MouseReader();
    const { keys, events } = reader.read(`${ESC}[<65;3;9M`.repeat(50));
    expect(keys).toBe('');
    expect(events).toHaveLength(50);
  });
});

describe('the reporting switches', () => {
  it('turn on clicks with SGR coordinates, and off in the reverse order', () => {
    expect(ENABLE_MOUSE).toBe(`${ESC}[?1000h${ESC}[?1006h`);
    expect(DISABLE_MOUSE).toBe(`${ESC}[?1006l${ESC}[?1000l`);
  });
});
