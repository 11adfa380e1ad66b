import type { DOMElement } from 'ink';
import type { TerminalPicture, TerminalPictures } from '../ui/context/terminal-pictures.js';
import { kittyDelete, kittyImage } from './kitty.js';
import { spotOf, type ScreenSpot } from './screen-spot.js';

/** The columns of a row an update writes over, from `start` up to `end` (Infinity: to the end of the row). */
export interface Rewritten {
  start: number;
  end: number;
}

/** The top left cell of a picture on screen (0-based). */
export interface Place {
  row: number;
  column: number;
}

/**
 * The bytes that take picture `id` from `placed` (null: not on screen) to `next` (null: gone): the old one
 * deleted, the new one sent at its place. Pure; the layer below decides when.
 */
export function pictureUpdate(id: number, placed: Place | null, next: { picture: TerminalPicture; at: Place } | null): string {
  const remove = placed === null ? '' : kittyDelete(id);
  if (next === null) return remove;
  const { picture, at } = next;
  return `${remove}\u001B[${at.row + 1};${at.column + 1}H${kittyImage(picture.png, picture.columns, picture.rows, id)}`;
}

/** Whether a frame's update wrote over any cell of a picture at `at`. */
function isWrittenOver(at: Place, picture: TerminalPicture, rewritten: readonly (Rewritten | null)[]): boolean {
  for (let row = at.row; row < at.row + picture.rows; row++) {
    const span = rewritten[row];
    if (span && span.start < at.column + picture.columns && span.end > at.column) return true;
  }
  return false;
}

interface Shown {
  picture: TerminalPicture;
  id: number;
  /** Where it is on screen now; null while it is not (not sent yet, or its element not on screen). */
  placed: Place | null;
}

/**
 * The terminal's pictures (see src/ui/context/terminal-pictures.ts), written after each frame of Ink's that needs
 * them: a picture is sent when it is new or changed, when its element moved, and when the frame wrote over
 * its cells (a resize repaints every row; some terminals tie a picture to its cells); a frame that leaves
 * them alone costs nothing. Every picture still shown is deleted when the screen closes.
 */
export class PictureLayer implements TerminalPictures {
  private readonly pictures = new Map<DOMElement, Shown>();
  /** Ids of pictures hidden while on screen, deleted with the next frame. */
  private readonly gone: number[] = [];
  private nextId = 1;

  /** `onChange` runs when a picture is shown, changed or hidden; `locate` finds an element in the frame. */
  constructor(
    private readonly onChange: () => void,
    private readonly locate: (element: DOMElement) => ScreenSpot | null = spotOf,
  ) {}

  show(element: DOMElement, picture: TerminalPicture): void {
    const shown = this.pictures.get(element);
    if (shown?.picture === picture) return;
    if (shown?.placed) this.gone.push(shown.id);
    this.pictures.set(element, { picture, id: this.nextId++, placed: null });
    this.onChange();
  }

  hide(element: DOMElement): void {
    const shown = this.pictures.get(element);
    if (!shown) return;
    this.pictures.delete(element);
    if (shown.placed) {
      this.gone.push(shown.id);
      this.onChange();
    }
  }

  /**
   * The bytes to write after a frame of `rows` rows whose update wrote over `rewritten`: pictures gone
   * deleted, the others sent where they are not shown as they should be. A picture that would not fit
   * below its place is not drawn (the terminal would scroll).
   */
  drawAfter(rewritten: readonly (Rewritten | null)[], rows: number): string {
    let out = this.gone.splice(0).map(kittyDelete).join('');
    for (const [element, shown] of this.pictures) {
      const spot = this.locate(element);
      const at = spot && spot.row + shown.picture.rows <= rows ? { row: spot.row, column: spot.column } : null;
      const { placed } = shown;
      const isInPlace = at !== null && placed !== null && at.row === placed.row && at.column === placed.column;
      if (isInPlace ? isWrittenOver(at, shown.picture, rewritten) : at !== null || placed !== null) {
        out += pictureUpdate(shown.id, placed, at && { picture: shown.picture, at });
        shown.placed = at;
      }
    }
    return out;
  }

  /** The bytes that delete every picture on screen: the program leaves, the terminal stays. */
  clear(): string {
    const ids = [...this.gone.splice(0), ...[...this.pictures.values()].filter((shown) => shown.placed).map((shown) => shown.id)];
    for (const shown of this.pictures.values()) shown.placed = null;
    return ids.map(kittyDelete).join('');
  }
}
