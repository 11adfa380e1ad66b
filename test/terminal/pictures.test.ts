import { EventEmitter } from 'node:events';
import type { DOMElement } from 'ink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KITTY_QUERY, kittyDelete, kittyImage, saysKittyGraphics } from '../../src/terminal/kitty.js';
import { pictureUpdate } from '../../src/terminal/picture-layer.js';
import { createScreen } from '../../src/terminal/screen.js';
import type { ScreenSpot } from '../../src/terminal/screen-spot.js';
import type { TerminalPicture } from '../../src/ui/context/terminal-pictures.js';
import { useFakeClock } from '../helpers/fake-clock.js';

const APC = '\u001b_G';
const ST = '\u001b\\';

describe('the kitty graphics protocol', () => {
  it('sends a PNG in chunks of at most 4096 base64 bytes, the first with the placement', () => {
    const png = Buffer.alloc(7000, 1);
    const chunks = kittyImage(png, 10, 5, 7).split(ST).filter(Boolean);
    expect(chunks).toHaveLength(3);
    expect(chunks[0]).toMatch(/^\u001b_Ga=T,f=100,q=2,C=1,i=7,c=10,r=5,m=1;/);
    expect(chunks[1]).toMatch(/^\u001b_Gm=1;/);
    expect(chunks[2]).toMatch(/^\u001b_Gm=0;/);
    expect(chunks.map((chunk) => chunk.slice(chunk.indexOf(';') + 1).length)).toEqual([4096, 4096, 1144]);
    const payload = chunks.map((chunk) => chunk.slice(chunk.indexOf(';') + 1)).join('');
    expect(Buffer.from(payload, 'base64').equals(png)).toBe(true);
  });

  it('sends a small picture in one piece', () => {
    expect(kittyImage(Buffer.from('png'), 2, 1, 3)).toBe(`${APC}a=T,f=100,q=2,C=1,i=3,c=2,r=1,m=0;cG5n${ST}`);
  });

  it('deletes a picture and its data by id, asking for no answer', () => {
    expect(kittyDelete(3)).toBe(`${APC}a=d,d=I,i=3,q=2${ST}`);
  });

  it('asks whether the terminal draws kitty graphics, and knows a yes from anything else', () => {
    expect(KITTY_QUERY).toMatch(/^\u001b_Gi=(\d+),s=1,v=1,a=q,t=d,f=24;AAAA\u001b\\$/);
    const id = /i=(\d+)/.exec(KITTY_QUERY)![1];
    expect(saysKittyGraphics(`${APC}i=${id};OK${ST}`)).toBe(true);
    expect(saysKittyGraphics(`${APC}i=${id};ENOTSUPPORTED:no${ST}`)).toBe(false);
    expect(saysKittyGraphics(`${APC}i=1;OK${ST}`)).toBe(false);
  });
});

const picture = (name: string): TerminalPicture => ({ png: Buffer.from(name), columns: 2, rows: 2 });

describe('pictureUpdate', () => {
  it('sends a new picture at its place, the cursor moved there first', () => {
    expect(pictureUpdate(4, null, { picture: picture('a'), at: { row: 1, column: 2 } })).toBe(`\u001b[2;3H${kittyImage(Buffer.from('a'), 2, 2, 4)}`);
  });

  it('deletes a picture that moves before sending it at its new place', () => {
    expect(pictureUpdate(4, { row: 1, column: 2 }, { picture: picture('a'), at: { row: 3, column: 0 } })).toBe(
      `${kittyDelete(4)}\u001b[4;1H${kittyImage(Buffer.from('a'), 2, 2, 4)}`,
    );
  });

  it('only deletes a picture that goes, and writes nothing for one that was never shown', () => {
    expect(pictureUpdate(4, { row: 1, column: 2 }, null)).toBe(kittyDelete(4));
    expect(pictureUpdate(4, null, null)).toBe('');
  });
});

class FakeTerminal extends EventEmitter {
  readonly writes: string[] = [];
  columns = 8;
  rows = 4;
  write(data: string): boolean {
    this.writes.push(data);
    return true;
  }
}

describe('pictures on the screen', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function setUp() {
    useFakeClock();
    const terminal = new FakeTerminal();
    const owner = {} as DOMElement;
    const spot: { current: ScreenSpot | null } = { current: { row: 1, column: 1, width: 2 } };
    const screen = createScreen(terminal as unknown as NodeJS.WriteStream, { maxFps: 10, locate: (element) => (element === owner ? spot.current : null) });
    screen.open();
    const frame = async (text: string): Promise<string> => {
      const before = terminal.writes.length;
      screen.stream.write(text);
      await vi.advanceTimersByTimeAsync(100);
      return terminal.writes.slice(before).join('');
    };
    const next = async (): Promise<string> => {
      const before = terminal.writes.length;
      await vi.advanceTimersByTimeAsync(100);
      return terminal.writes.slice(before).join('');
    };
    return { terminal, owner, spot, screen, frame, next };
  }

  it('sends a picture once, after the frame that holds its box, and not with frames that leave its cells alone', async () => {
    const { owner, screen, frame, next } = setUp();
    const a = picture('a');
    screen.stream.write('title\n|  x|\n|  x|');
    screen.pictures.show(owner, a);
    const first = await next();
    expect(first).toBe(`\u001b[1;1Htitle\u001b[K\u001b[2;1H|  x|\u001b[K\u001b[3;1H|  x|\u001b[K${pictureUpdate(1, null, { picture: a, at: { row: 1, column: 1 } })}`);
    // The same picture again, and frames that change other cells: no picture bytes.
    screen.pictures.show(owner, a);
    expect(await frame('TITLE\n|  y|\n|  x|')).toBe('\u001b[1;1H\u001b[0mTITLE\u001b[0m\u001b[2;4H\u001b[0my\u001b[0m');
    expect(await next()).toBe('');
  });

  it('sends it again where a frame wrote over its cells or it moved, deletes it when it changes or goes', async () => {
    const { owner, spot, screen, frame, next } = setUp();
    const [a, b] = [picture('a'), picture('b')];
    await frame('title\n|   |\n|   |');
    screen.pictures.show(owner, a);
    await next();
    const at = { row: 1, column: 1 };
    // A frame that rewrites a cell under the picture (a terminal may tie pictures to cells).
    expect(await frame('title\n| z |\n|   |')).toBe(`\u001b[2;3H\u001b[0mz\u001b[0m${kittyDelete(1)}${pictureUpdate(1, null, { picture: a, at })}`);
    spot.current = { row: 2, column: 1, width: 2 };
    expect(await frame('\n|   |\n|   |')).toContain(pictureUpdate(1, at, { picture: a, at: { row: 2, column: 1 } }));
    screen.pictures.show(owner, b);
    expect(await next()).toBe(`${kittyDelete(1)}${pictureUpdate(2, null, { picture: b, at: { row: 2, column: 1 } })}`);
    screen.pictures.hide(owner);
    expect(await next()).toBe(kittyDelete(2));
  });

  it('does not draw a picture that would not fit below its place, nor one whose box is not on screen', async () => {
    const { owner, spot, screen, next } = setUp();
    spot.current = { row: 3, column: 0, width: 2 };
    screen.stream.write('a\nb\nc\nd');
    screen.pictures.show(owner, picture('a'));
    expect(await next()).not.toContain(APC);
    spot.current = null;
    screen.stream.write('a\nb\nc\ne');
    expect(await next()).not.toContain(APC);
  });

  it('draws its pictures again after a resize, and deletes them when it closes', async () => {
    const { terminal, owner, screen, frame } = setUp();
    const a = picture('a');
    await frame('title\n|   |\n|   |');
    screen.pictures.show(owner, a);
    await frame('title\n|   |\n|   |');
    terminal.emit('resize');
    expect(await frame('title\n|   |\n|   |')).toContain(pictureUpdate(1, { row: 1, column: 1 }, { picture: a, at: { row: 1, column: 1 } }));
    screen.close();
    expect(terminal.writes.at(-1)).toBe(`${kittyDelete(1)}\u001b[?1004l\u001b[?25h\u001b[?1049l`);
  });
});
