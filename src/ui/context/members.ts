import type { DOMElement } from 'ink';
import type { ThemeRole } from '../../config/settings.js';
import type { DetailsTarget } from '../details-target.js';
import type { Attention } from '../state/poll-pace.js';

/**
 * The kinds of what the services carry (app-services.ts), declared apart from the hook that reads each one
 * (log-context.ts, live-lines.ts, theme.ts…): the services object names them here without importing a
 * reader, and no reader imports itself back through it. Each reader's file exports its kind again.
 */

/**
 * Where the dashboard writes what went wrong but needs no more than a line in the log file (a picture that
 * cannot be drawn): the screen is the dashboard's alone. Nowhere unless told (tests, a pipe).
 */
export type LogLine = (line: string) => void;

/**
 * Lines that change with time alone (the clock and its bar), drawn onto the terminal between Ink's frames:
 * a tick then costs a few bytes, not a React render and an Ink frame of the whole screen. The terminal
 * subsystem provides them (src/terminal/live-layer.ts) and finds where Ink laid each element out; where none
 * does (output to a pipe, a component tested on its own), components render the same text themselves.
 */
export interface LiveLines {
  /** Shows `text` (exactly as wide as `element`) where Ink lays `element` out, in every frame until `hide`. */
  show(element: DOMElement, text: string): void;
  hide(element: DOMElement): void;
}

/**
 * Pictures drawn by the terminal itself (the kitty graphics protocol) over cells Ink leaves blank: Ink owns
 * the screen, so the terminal subsystem (src/terminal/picture-layer.ts) writes a picture after the frame
 * that holds its element, at the place Ink's layout gives it, and again only when it changes, moves or its
 * cells were written over; and deletes it when it goes. Without a terminal there are none (null).
 */
export interface TerminalPicture {
  /** PNG bytes; the terminal fits them to the cells. */
  png: Buffer;
  columns: number;
  rows: number;
}

export interface TerminalPictures {
  /** Shows `picture` over the cells where Ink lays `element` out, until `hide` or another picture. */
  show(element: DOMElement, picture: TerminalPicture): void;
  hide(element: DOMElement): void;
}

/**
 * What the terminal reports besides keys: mouse events (0-based cells) and its window's focus. The keyboard
 * reader (src/terminal/keyboard.ts) takes them out of the input and the program hands them in here, so the
 * UI needs nothing of the terminal subsystem (as with live-lines.ts).
 */
export interface TerminalEvents {
  onPointer(listener: (event: PointerEvent) => void): () => void;
  onFocus(listener: (isFocused: boolean) => void): () => void;
  /** The focus last reported; 'unreported' until the terminal reports one. */
  attention(): Attention;
}

/** A mouse event as src/terminal/mouse.ts makes it: 0-based cells. */
export type PointerEvent =
  | { kind: 'press' | 'release' | 'drag'; button: 'left' | 'middle' | 'right'; column: number; row: number }
  | { kind: 'wheel'; direction: 'up' | 'down'; column: number; row: number };

/** Adding the item under a list's cursor to the player's queue (the dashboard gives it; see app/use-up-next.ts). */
export interface QueueActions {
  add(target: DetailsTarget | null): void;
}

/**
 * The item under the cursor of the list that last had the focus, for `l` (a key of every place, so that the
 * playlist editor's rows are liked as any list's): its target, and whether its list is the library (its rows
 * show liked while nothing says otherwise).
 */
export interface CursorTarget {
  target: DetailsTarget | null;
  isLibrary: boolean;
}

export interface CursorTargetSlot {
  current: CursorTarget | null;
}

/**
 * The shown list, for the mouse: the last list that had the focus registers its window and what a click
 * does to it (it stays shown while Now playing has the focus), so the App's hit test knows the rows.
 */
export interface ListPointerTarget {
  top: number;
  length: number;
  /** Rows of the pane above the list (the filter line). */
  rowsAbove: number;
  cursorTo(index: number): void;
  /** What Enter does on the row at `index`. */
  open(index: number): void;
  /** Moves the cursor by `rows`, the window following. */
  scroll(rows: number): void;
}

export interface ListPointerSlot {
  current: ListPointerTarget | null;
}

/**
 * The dashboard's colours, by role: a named theme (config/themes.ts) with a config file's roles over it.
 * Under NO_COLOR (https://no-color.org: set and not empty) every colour is undefined and only text styles
 * remain. Colours are in the form Ink's `color` props take: a name ('cyan'), '#rrggbb' or 'ansi256(n)'.
 */
export type Theme = { isColorEnabled: boolean } & Record<ThemeRole, string | undefined>;
