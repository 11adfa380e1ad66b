import stringWidth from 'string-width';
import { keyLabel } from '../../keys/names.js';
import type { KeyBindings } from '../../keys/bindings.js';
import type { LibraryTab } from '../../keys/sections.js';
import { LIBRARY_SECTIONS } from './registry.js';

/**
 * The tab line's cells: each library section with the first key its focus action is bound to (`2 Playlists`),
 * the shown one in brackets. Full labels where they fit the width, the short ones where not, and where even
 * those do not fit, as many tabs around the shown one as fit between `‹` and `›`. Pure: the tab line draws
 * these cells and the mouse finds a click among them.
 */

/** A tab to lay out: its section, the key label that jumps to it, its full and short words. */
export interface Tab<Id extends string = LibraryTab> {
  tab: Id;
  key: string;
  label: string;
  short: string;
}

export interface TabCell<Id extends string = LibraryTab> {
  tab: Id;
  /** ` 2 Playlists ` or `[2 Playlists]`: the same width either way. */
  text: string;
  /** First column and width on the line. */
  start: number;
  width: number;
  isActive: boolean;
}

export interface TabLineLayout<Id extends string = LibraryTab> {
  cells: readonly TabCell<Id>[];
  /** Tabs left out before the first cell and after the last (a `‹` and a `›` stand for them). */
  hasBefore: boolean;
  hasAfter: boolean;
}

export const MORE_BEFORE = '‹';
export const MORE_AFTER = '›';

/** The library's tabs with the first key each focus action is bound to. */
export function libraryTabs(bindings: KeyBindings): Tab[] {
  return LIBRARY_SECTIONS.map(({ id, label, short, focusAction }) => ({ tab: id, key: keyLabel(bindings[focusAction][0]!), label, short }));
}

type Unplaced<Id extends string> = Omit<TabCell<Id>, 'start' | 'width'>;

function texts<Id extends string>(tabs: readonly Tab<Id>[], active: Id, isShort: boolean): Unplaced<Id>[] {
  return tabs.map(({ tab, key, label, short }) => {
    const name = `${key} ${isShort ? short : label}`;
    const isActive = tab === active;
    return { tab, text: isActive ? `[${name}]` : ` ${name} `, isActive };
  });
}

function placed<Id extends string>(tabs: readonly Unplaced<Id>[], from: number): TabCell<Id>[] {
  let start = from;
  return tabs.map((tab) => {
    const cell = { ...tab, start, width: stringWidth(tab.text) };
    start += cell.width;
    return cell;
  });
}

const widthOf = (cells: readonly { text: string }[]): number => cells.reduce((sum, cell) => sum + stringWidth(cell.text), 0);

export function layoutTabLine<Id extends string>(tabs: readonly Tab<Id>[], active: Id, width: number): TabLineLayout<Id> {
  const full = texts(tabs, active, false);
  if (widthOf(full) <= width) return { cells: placed(full, 0), hasBefore: false, hasAfter: false };
  const short = texts(tabs, active, true);
  if (widthOf(short) <= width) return { cells: placed(short, 0), hasBefore: false, hasAfter: false };
  // Scrolled: the shown tab, then its neighbours one at a time (after it first) while they fit beside the marks.
  const index = Math.max(0, short.findIndex((tab) => tab.isActive));
  let [first, last] = [index, index];
  const fits = (from: number, to: number): boolean =>
    widthOf(short.slice(from, to + 1)) + (from > 0 ? 1 : 0) + (to < short.length - 1 ? 1 : 0) <= width;
  for (let grew = true; grew; ) {
    grew = false;
    if (last + 1 < short.length && fits(first, last + 1)) [last, grew] = [last + 1, true];
    if (first > 0 && fits(first - 1, last)) [first, grew] = [first - 1, true];
  }
  const hasBefore = first > 0;
  return { cells: placed(short.slice(first, last + 1), hasBefore ? 1 : 0), hasBefore, hasAfter: last < short.length - 1 };
}
