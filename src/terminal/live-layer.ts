import type { DOMElement } from 'ink';
import type { LiveLines } from '../ui/context/live-lines.js';
import { cellsOf, drawnRow, parseCells, type Cell } from './cells.js';
import { spotOf, type ScreenSpot } from './screen-spot.js';

const BLANK: Cell = { text: ' ', style: '' };

/**
 * `row` with `text` in the columns of `spot`; null when those columns are not blank in Ink's frame (something
 * else is drawn there now) or either row holds what a column-by-column patch could get wrong.
 */
export function drawOver(row: string, spot: ScreenSpot, text: string): string | null {
  const cells = cellsOf(row);
  const line = parseCells(text);
  if (!cells || !line) return null;
  const end = spot.column + spot.width;
  const next = cells.slice();
  while (next.length < end) next.push(BLANK);
  for (let column = spot.column; column < end; column++) if (next[column]!.text !== ' ') return null;
  for (let index = 0; index < spot.width; index++) next[spot.column + index] = line[index] ?? BLANK;
  return drawnRow(next);
}

/** The live lines (see src/ui/context/live-lines.ts), laid over every frame of Ink's before it reaches the terminal. */
export class LiveLayer implements LiveLines {
  private readonly lines = new Map<DOMElement, string>();

  /**
   * `onChange` runs when a line is shown, changed or hidden: the screen has something new to draw. `locate`
   * finds an element in the frame (Ink's layout; tests place elements where they like).
   */
  constructor(
    private readonly onChange: () => void,
    private readonly locate: (element: DOMElement) => ScreenSpot | null = spotOf,
  ) {}

  show(element: DOMElement, text: string): void {
    if (this.lines.get(element) === text) return;
    this.lines.set(element, text);
    this.onChange();
  }

  hide(element: DOMElement): void {
    if (this.lines.delete(element)) this.onChange();
  }

  /** `rows` of a frame with every line drawn at the spot it has in that frame's layout. */
  drawOn(rows: readonly string[]): readonly string[] {
    let drawn: string[] | null = null;
    for (const [element, text] of this.lines) {
      const spot = this.locate(element);
      if (!spot || spot.row >= rows.length) continue;
      const row = drawOver(rows[spot.row]!, spot, text);
      if (row !== null) (drawn ??= [...rows])[spot.row] = row;
    }
    return drawn ?? rows;
  }
}
