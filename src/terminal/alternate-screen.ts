/**
 * The few sequences that take the terminal's alternate screen and give it back, and the one that writes a row
 * whole: shared by the screen writer (screen.ts) and the start frame the command line paints before Ink loads,
 * which must leave the terminal just as the screen writer would have.
 */
const CSI = '\u001B[';

/** The alternate screen, the cursor hidden. */
export const ENTER = `${CSI}?1049h${CSI}?25l`;
/** The cursor shown, the main screen back as it was. */
export const LEAVE = `${CSI}?25h${CSI}?1049l`;
export const CLEAR = `${CSI}2J`;

/** Row `row` (from 0) written from its first column, what was there after `line` erased. */
export function wholeRow(row: number, line: string): string {
  return `${CSI}${row + 1};1H${line}${CSI}K`;
}
