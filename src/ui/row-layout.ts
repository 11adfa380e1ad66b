import { padToWidth, truncateToWidth } from './sanitize.js';

/** One column of a list row. Texts must be sanitised already. */
export interface Cell {
  text: string;
  /** Fixed width in columns; without it the cell shares what the fixed cells leave, by `grow`. */
  width?: number;
  /** Share of the flexible space (default 1); only for cells without `width`. */
  grow?: number;
  align?: 'left' | 'right';
  /** Dropped, last ones first, when the row is too narrow to give the flexible cells `MIN_FLEX_WIDTH` each. */
  isOptional?: boolean;
}

const GAP = '  ';
const MIN_FLEX_WIDTH = 8;

/** Lays cells out on one line exactly `width` columns wide (by display width), truncating with `…`. */
export function layoutRow(cells: readonly Cell[], width: number): string {
  const kept = dropOptionalCells(cells, width);
  const widths = cellWidths(kept, width);
  let line = '';
  kept.forEach((cell, index) => {
    const cellWidth = widths[index]!;
    if (index > 0) line += GAP;
    line += padToWidth(cell.text, cellWidth, cell.align ?? 'left');
  });
  // Each cell is exactly its width: only fixed cells wider than the row make the line too long to keep.
  const lineWidth = widths.reduce((sum, cellWidth) => sum + cellWidth, 0) + GAP.length * Math.max(0, kept.length - 1);
  return lineWidth <= width ? line : truncateToWidth(line, width);
}

function fixedWidth(cells: readonly Cell[]): number {
  return cells.reduce((sum, cell) => sum + (cell.width ?? 0), 0) + GAP.length * Math.max(0, cells.length - 1);
}

function dropOptionalCells(cells: readonly Cell[], width: number): readonly Cell[] {
  let kept = cells;
  const flexCount = cells.filter((cell) => cell.width === undefined).length;
  while (width - fixedWidth(kept) < flexCount * MIN_FLEX_WIDTH) {
    const lastOptional = kept.map((cell) => cell.isOptional === true).lastIndexOf(true);
    if (lastOptional < 0) break;
    kept = kept.filter((_, index) => index !== lastOptional);
  }
  return kept;
}

function cellWidths(cells: readonly Cell[], width: number): number[] {
  const flexible = Math.max(0, width - fixedWidth(cells));
  const totalGrow = cells.reduce((sum, cell) => sum + (cell.width === undefined ? (cell.grow ?? 1) : 0), 0);
  let left = flexible;
  let growLeft = totalGrow;
  return cells.map((cell) => {
    if (cell.width !== undefined) return cell.width;
    const grow = cell.grow ?? 1;
    // The last flexible cell takes the rounding remainder, so the row is exactly `width` wide.
    const share = growLeft === grow ? left : Math.floor((flexible * grow) / totalGrow);
    left -= share;
    growLeft -= grow;
    return share;
  });
}
