import type { DOMElement } from 'ink';
import { createContext, useContext } from 'react';

/** A place on the terminal: row and column from the top left (0-based), and how many columns. */
export interface ScreenSpot {
  row: number;
  column: number;
  width: number;
}

/**
 * Lines that change with time alone (the clock and its bar), drawn onto the terminal between Ink's frames:
 * a tick then costs a few bytes, not a React render and an Ink frame of the whole screen. The terminal
 * writer provides them (src/cli/screen.ts); where none does (tests, output to a pipe), components render
 * the same text themselves.
 */
export interface LiveLines {
  /** Shows `text` (exactly the spot's width) at the spot `locate` gives, asked again for every frame, until `hide`. */
  show(owner: object, locate: () => ScreenSpot | null, text: string): void;
  hide(owner: object): void;
}

export const LiveLinesContext = createContext<LiveLines | null>(null);

export function useLiveLines(): LiveLines | null {
  return useContext(LiveLinesContext);
}

function clips(node: DOMElement, axis: 'overflowX' | 'overflowY'): boolean {
  return node.style[axis] === 'hidden' || node.style.overflow === 'hidden';
}

/**
 * Where Ink drew `element` in its last frame, when the whole of its first row is on screen: null when it is
 * detached, not displayed, or cut by a box that hides its overflow (another element may show there).
 */
export function spotOf(element: DOMElement): ScreenSpot | null {
  const chain: DOMElement[] = [];
  for (let node: DOMElement | undefined = element; node; node = node.parentNode) chain.push(node);
  if (chain.at(-1)!.nodeName !== 'ink-root') return null;
  let row = 0;
  let column = 0;
  const visible = { top: -Infinity, bottom: Infinity, left: -Infinity, right: Infinity };
  for (let index = chain.length - 1; index >= 0; index--) {
    const node = chain[index]!;
    const layout = node.yogaNode;
    if (!layout || node.style.display === 'none') return null;
    row += layout.getComputedTop();
    column += layout.getComputedLeft();
    if (index === 0) break;
    const border = node.style.borderStyle === undefined ? 0 : 1;
    if (clips(node, 'overflowY')) {
      visible.top = Math.max(visible.top, row + (border && node.style.borderTop !== false ? 1 : 0));
      visible.bottom = Math.min(visible.bottom, row + layout.getComputedHeight() - (border && node.style.borderBottom !== false ? 1 : 0));
    }
    if (clips(node, 'overflowX')) {
      visible.left = Math.max(visible.left, column + (border && node.style.borderLeft !== false ? 1 : 0));
      visible.right = Math.min(visible.right, column + layout.getComputedWidth() - (border && node.style.borderRight !== false ? 1 : 0));
    }
  }
  const width = element.yogaNode!.getComputedWidth();
  const isShown = row >= visible.top && row < visible.bottom && column >= visible.left && column + width <= visible.right;
  return isShown ? { row, column, width } : null;
}
