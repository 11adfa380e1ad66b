import { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import {
  clearTimeout as realClearTimeout,
  setImmediate as realSetImmediate,
  setTimeout as realSetTimeout,
} from 'node:timers';
import { render } from 'ink';
import { cloneElement, type ReactElement } from 'react';
import stripAnsi from 'strip-ansi';
import { LiveLayer } from '../../src/terminal/live-layer.js';
import { App, type AppProps } from '../../src/ui/app/App.js';
import { forgetMounted, trackMounted } from './mounted-apps.js';

/**
 * Mounts a tree the way a terminal would show it, at a fixed size, and drives it like a user: `press` keys,
 * `waitForFrame` for what should appear. Modelled on ink-testing-library (whose stdout is fixed at 100
 * columns and has no rows), with our own streams so that the size is ours to set and to change.
 *
 * Frames are drawn as the program draws them on a terminal: through the Output that ships (vitest.config.ts)
 * and, for an App given no live lines of its own, with the clock's live lines laid over Ink's frame by the
 * terminal's live layer (src/terminal/live-layer.ts).
 *
 * Works with `useFakeClock()` (fake-clock.ts): waiting uses the real
 * timers of `node:timers` and `performance.now()`, which those fakes leave alone.
 */

/** Key names tests use, and the bytes a terminal sends for them. Anything else must be one character. */
export const KEY_SEQUENCES: Readonly<Record<string, string>> = {
  enter: '\r',
  escape: '\u001B',
  tab: '\t',
  'shift-tab': '\u001B[Z',
  space: ' ',
  backspace: '\u007F',
  delete: '\u001B[3~',
  up: '\u001B[A',
  down: '\u001B[B',
  right: '\u001B[C',
  left: '\u001B[D',
  'shift-up': '\u001B[1;2A',
  'shift-down': '\u001B[1;2B',
  pageup: '\u001B[5~',
  pagedown: '\u001B[6~',
  home: '\u001B[H',
  end: '\u001B[F',
  'ctrl-a': '\u0001',
  'ctrl-u': '\u0015',
  'ctrl-c': '\u0003',
  'ctrl-r': '\u0012',
};

export interface RenderAppOptions {
  columns?: number;
  rows?: number;
}

export type FrameCondition = string | RegExp | ((frame: string) => boolean);

export interface RenderedApp {
  /** Sends each key in turn (a name of KEY_SEQUENCES or one character), letting Ink handle each one. */
  press(...keys: string[]): Promise<void>;
  /** Types text one character at a time, as into a text input. */
  type(text: string): Promise<void>;
  /** Types text a character a macrotask, not waiting for a render between (keys faster than the screen). */
  burst(text: string): Promise<void>;
  /**
   * Resolves with the first frame that matches; rejects with the last frame seen after `timeout` real ms. With
   * `since` (a `frameCount()` taken earlier), every frame written from then on is looked at, not only the last,
   * so that a state shown for a moment (`saving`) is not missed when the next one follows at once.
   */
  waitForFrame(condition: FrameCondition, options?: { timeout?: number; since?: number }): Promise<string>;
  /** The screen now: the last frame written with the live lines over it, colours stripped. */
  frame(): string;
  /** How many frames Ink has written so far (each render that changed the output writes one). */
  frameCount(): number;
  /** Changes the terminal size and tells Ink, as a terminal's SIGWINCH would. */
  resize(columns: number, rows: number): void;
  /** Resolves when the app exits (`useApp().exit()`) or is unmounted. */
  exited(): Promise<void>;
  rerender(node: ReactElement): void;
  unmount(): void;
}

class FakeStdout extends EventEmitter {
  readonly frames: string[] = [];
  isTTY = true;

  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }

  write = (frame: string): boolean => {
    this.frames.push(frame);
    this.emit('frame');
    return true;
  };
}

class FakeStderr extends EventEmitter {
  write = (): boolean => true;
}

/** Like ink-testing-library's stdin: Ink reads on 'readable', one chunk per write. */
class FakeStdin extends EventEmitter {
  isTTY = true;
  private pending: string[] = [];

  write(data: string): void {
    this.pending.push(data);
    this.emit('readable');
  }

  read = (): string | null => this.pending.shift() ?? null;
  setEncoding(): void {}
  setRawMode(): void {}
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
}

const SETTLED_AFTER_QUIET_TURNS = 4;
const MAX_SETTLE_TURNS = 100;

/** One turn of the real event loop: lets Ink flush a lone Escape and React run its passive effects. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => realSetImmediate(resolve));
}

function toMatcher(condition: FrameCondition): (frame: string) => boolean {
  if (typeof condition === 'string') return (frame) => frame.includes(condition);
  if (condition instanceof RegExp) return (frame) => condition.test(frame);
  return condition;
}

function describeCondition(condition: FrameCondition): string {
  return typeof condition === 'function' ? 'the predicate' : String(condition);
}

export function sequenceFor(key: string): string {
  const sequence = KEY_SEQUENCES[key];
  if (sequence !== undefined) return sequence;
  if ([...key].length === 1) return key;
  throw new Error(`Unknown key name "${key}": use one of ${Object.keys(KEY_SEQUENCES).join(', ')} or one character`);
}

/** `node`, an App drawing its clock as live lines onto `live` where it was given none (as on a terminal). */
function withLiveLines(node: ReactElement, live: LiveLayer): ReactElement {
  if (node.type !== App || (node.props as AppProps).liveLines !== undefined) return node;
  return cloneElement(node as ReactElement<AppProps>, { liveLines: live });
}

export function renderApp(node: ReactElement, { columns = 120, rows = 40 }: RenderAppOptions = {}): RenderedApp {
  const stdout = new FakeStdout(columns, rows);
  const stdin = new FakeStdin();
  // A live line changing is something new on screen, as a frame is.
  const live = new LiveLayer(() => stdout.emit('frame'));
  const instance = render(withLiveLines(node, live), {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: new FakeStderr() as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    // Debug mode writes each frame whole and unthrottled: no timers of Ink's own to fake or to wait for.
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  trackMounted(instance); // unmounted after the test (each-file.ts) if the test did not
  // Asked for now: the promise Ink makes once it has exited would never settle.
  const exit = instance.waitUntilExit();

  /** A frame Ink wrote as the screen shows it: the live lines (as they are now) over it, colours stripped. */
  const screenOf = (written: string): string => stripAnsi(live.drawOn(written.split('\n')).join('\n'));
  const frame = (): string => screenOf(stdout.frames.at(-1) ?? '');

  /**
   * Lets the effects of a key run out: a render's effects can report to a parent whose render has effects
   * of its own (a pane's filter opening tells the app to leave the keys alone), a turn of the loop each.
   * Done when no frame came for a few turns in a row.
   */
  const settle = async (): Promise<void> => {
    let quietTurns = 0;
    for (let turn = 0; quietTurns < SETTLED_AFTER_QUIET_TURNS && turn < MAX_SETTLE_TURNS; turn++) {
      const frames = stdout.frames.length;
      await nextTurn();
      quietTurns = stdout.frames.length === frames ? quietTurns + 1 : 0;
    }
  };

  const sendKey = async (sequence: string): Promise<void> => {
    // Before writing too, so that input listeners registered by the last render's effects are in place.
    await settle();
    stdin.write(sequence);
    await settle();
  };

  return {
    async press(...keys) {
      for (const key of keys) await sendKey(sequenceFor(key));
    },
    async type(text) {
      for (const character of text) await sendKey(character);
    },
    async burst(text) {
      await settle();
      for (const character of text) {
        stdin.write(character);
        await nextTurn();
      }
      await settle();
    },
    async waitForFrame(condition, { timeout = 3000, since } = {}) {
      const matches = toMatcher(condition);
      const deadline = performance.now() + timeout;
      let unseen = since;
      for (;;) {
        for (; unseen !== undefined && unseen < stdout.frames.length; unseen++) {
          const written = screenOf(stdout.frames[unseen]!);
          if (matches(written)) return written;
        }
        const current = frame();
        if (matches(current)) return current;
        const remaining = deadline - performance.now();
        if (remaining <= 0) {
          throw new Error(`No frame matched ${describeCondition(condition)} within ${timeout} ms. Last frame:\n${current}`);
        }
        await new Promise<void>((resolve) => {
          const done = (): void => {
            realClearTimeout(timer);
            stdout.off('frame', done);
            resolve();
          };
          // A new frame, or a real-time heartbeat: promises settling in between need no frame to be checked.
          const timer = realSetTimeout(done, Math.min(remaining, 20));
          stdout.on('frame', done);
        });
      }
    },
    frame,
    frameCount: () => stdout.frames.length,
    resize(newColumns, newRows) {
      stdout.columns = newColumns;
      stdout.rows = newRows;
      stdout.emit('resize');
    },
    exited: async () => {
      await exit;
    },
    rerender: (tree) => instance.rerender(withLiveLines(tree, live)),
    unmount() {
      instance.unmount();
      forgetMounted(instance);
    },
  };
}
