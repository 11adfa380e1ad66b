import { keyLabel } from '../../keys/names.js';
import { SECTIONS } from '../../keys/sections.js';
import { ACTION_NAMES, actionSpec, placesOf, type ActionName } from '../../keys/actions.js';
import { keysLabel, type KeyBindings } from '../../keys/bindings.js';

/** A type, not an interface: ink-table wants rows with an index signature, which only type aliases get. */
export type HelpRow = {
  Key: string;
  Action: string;
  Where: string;
};

/** `1–8`, or `1, 2, 4` where they are not a run. */
function digitsText(digits: readonly string[]): string {
  const numbers = digits.map(Number).sort((a, b) => a - b);
  const isRun = numbers.length > 2 && numbers.every((digit, index) => index === 0 || digit === numbers[index - 1]! + 1);
  return isRun ? `${numbers[0]}–${numbers.at(-1)}` : numbers.join(', ');
}

/** The count's row: which keys it repeats and which lone digits still jump, as bound. */
function countRow(bindings: KeyBindings): HelpRow {
  const counted = ACTION_NAMES.filter((action) => actionSpec(action).takesCount === true).map((action) => keyLabel(bindings[action][0]!));
  const jumps = SECTIONS.flatMap(({ focusAction }) => bindings[focusAction].filter((key) => /^[0-9]$/.test(key)));
  const lone = jumps.length === 0 ? '' : `; a lone ${digitsText(jumps)} still jumps to its pane`;
  return { Key: '0–9', Action: `a count before ${counted.join(', ')} repeats it (20K)${lone}`, Where: "a playlist's items" };
}

const rowOf = (action: ActionName, bindings: KeyBindings): HelpRow => ({
  Key: keysLabel(action, bindings),
  Action: actionSpec(action).description,
  Where: placesOf(action).join(', '),
});

/** Every action of the table with its keys as bound, in table order; the count after a playlist's items' own keys. */
export function helpRows(bindings: KeyBindings): HelpRow[] {
  const rows = ACTION_NAMES.map((action) => rowOf(action, bindings));
  const lastItemsRow = ACTION_NAMES.findLastIndex((action) => actionSpec(action).place === "a playlist's items");
  rows.splice(lastItemsRow + 1, 0, countRow(bindings));
  return rows;
}
