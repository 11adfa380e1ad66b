import type { DOMElement } from 'ink';

/** A place on the terminal: row and column from the top left (0-based), and how many columns. */
export interface ScreenSpot {
  row: number;
  column: number;
  width: number;
}

function clips(node: DOMElement, axis: 'overflowX' | 'overflowY'): boolean {
  return node.style[axis] === 'hidden' || node.style.overflow === 'hidden';
}

/**
 * Where Ink drew `element` in its last frame (read from the Yoga layout Ink computed for it), when the whole of
 * its first row is on screen: null when it is detached, not displayed, or cut by a box that hides its overflow
 * (another element may show there).
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
