import type { FocusTarget, LibraryTab } from './focus.js';
import type { DashboardLayout } from '../layout.js';
import type { TabCell } from '../sections/tab-line.js';
import type { PointerEvent } from '../context/members.js';

export type { PointerEvent };

/**
 * What a mouse event means on the dashboard: a pure hit test of the event's cell against the rectangles
 * of the layout (computeLayout's sizes stacked as the App draws them), with the last click remembered for
 * double-clicks. Clicks outside any pane, and buttons other than the left, mean nothing.
 */


export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export type MouseAction =
  | { type: 'focus'; target: FocusTarget }
  | { type: 'cursorTo'; target: LibraryTab; index: number }
  | { type: 'open'; target: LibraryTab; index: number }
  | { type: 'scroll'; target: LibraryTab; rows: number }
  | { type: 'scrollHelp'; rows: number }
  | { type: 'seek'; fraction: number }
  | { type: 'switchTab'; tab: LibraryTab };

/** The state of the screen the rectangles depend on besides the terminal's size. */
export interface ScreenState {
  layout: DashboardLayout;
  libraryTab: LibraryTab;
  isHelpOpen: boolean;
  /** The tab line's cells as drawn (sections/tab-line.ts). */
  tabs: readonly Pick<TabCell, 'tab' | 'start' | 'width'>[];
  /** The shown list's window: its first visible index, its length, and the rows above it in the pane (a filter line). */
  list: { top: number; length: number; rowsAbove: number } | null;
  /** The clock line's texts either side of its bar, when something plays ('1:23', '3:45'); null otherwise. */
  clock: { elapsed: string; total: string } | null;
}

export const WHEEL_ROWS = 3;
export const DOUBLE_CLICK_MS = 400;

/** Rows of Now playing above the clock line: the border and three lines of text (NowPlayingPane). */
const CLOCK_ROW = 4;
/** The border and one space of padding (NowPlayingPane). */
const CLOCK_INSET = 2;

export interface ScreenRects {
  nowPlaying: Rect;
  tabLine: Rect;
  library: Rect;
  details: Rect;
  /** The list rows inside the library pane. */
  listRows: Rect;
  /** The bar of the clock line, when there is one. */
  progressBar: Rect | null;
}

const contains = (rect: Rect, column: number, row: number): boolean =>
  column >= rect.left && column < rect.left + rect.width && row >= rect.top && row < rect.top + rect.height;

/** Where each part is on screen: Now playing, the tab line (or the help's top row), the library and details beside it. */
export function screenRects({ layout, list, clock }: ScreenState): ScreenRects {
  const nowPlaying = { left: 0, top: 0, width: layout.nowPlaying.width, height: layout.nowPlaying.height };
  const tabLine = { left: 0, top: nowPlaying.height, width: layout.root.width, height: 1 };
  const middleTop = tabLine.top + 1;
  const library = { left: 0, top: middleTop, width: layout.library.width, height: layout.library.height };
  const details = { left: library.width, top: middleTop, width: layout.details.width, height: layout.details.height };
  const above = list?.rowsAbove ?? 0;
  const listRows = {
    left: library.left + 1,
    top: library.top + 1 + above,
    width: Math.max(0, library.width - 2),
    height: Math.max(0, library.height - 2 - above),
  };
  let progressBar: Rect | null = null;
  if (clock !== null) {
    // As clockLine lays it out: `elapsed ␣ bar ␣ total` across the pane's inner width.
    const inner = Math.max(1, nowPlaying.width - 2 * CLOCK_INSET);
    const barWidth = Math.max(0, inner - clock.elapsed.length - clock.total.length - 2);
    if (barWidth > 0) progressBar = { left: CLOCK_INSET + clock.elapsed.length + 1, top: CLOCK_ROW, width: barWidth, height: 1 };
  }
  return { nowPlaying, tabLine, library, details, listRows, progressBar };
}

/** The tab whose label is under `column` on the tab line. */
function tabAt(tabs: ScreenState['tabs'], column: number): LibraryTab | null {
  return tabs.find(({ start, width }) => column >= start && column < start + width)?.tab ?? null;
}

export interface LastClick {
  column: number;
  row: number;
  at: number;
}

export interface MouseOutcome {
  action: MouseAction | null;
  /** To pass with the next event: what a double-click is measured from. */
  lastClick: LastClick | null;
}

/** What `event` at time `now` (ms) does on this screen. */
export function mouseAction(event: PointerEvent, screen: ScreenState, lastClick: LastClick | null, now: number): MouseOutcome {
  const rects = screenRects(screen);
  const { column, row } = event;
  const { libraryTab, list } = screen;
  const listIndex = (): number | null => {
    if (list === null || !contains(rects.listRows, column, row)) return null;
    const index = list.top + (row - rects.listRows.top);
    return index < list.length ? index : null;
  };

  if (event.kind === 'wheel') {
    const rows = event.direction === 'up' ? -WHEEL_ROWS : WHEEL_ROWS;
    if (screen.isHelpOpen) return { action: contains(rects.library, column, row) || contains(rects.tabLine, column, row) ? { type: 'scrollHelp', rows } : null, lastClick };
    return { action: contains(rects.library, column, row) ? { type: 'scroll', target: libraryTab, rows } : null, lastClick };
  }
  if (event.kind !== 'press' || event.button !== 'left') return { action: null, lastClick };

  const isDouble = lastClick !== null && lastClick.column === column && lastClick.row === row && now - lastClick.at <= DOUBLE_CLICK_MS;
  // A double-click is not the first click of another.
  const click = isDouble ? null : { column, row, at: now };
  const outcome = (action: MouseAction | null): MouseOutcome => ({ action, lastClick: click });

  if (rects.progressBar !== null && contains(rects.progressBar, column, row)) {
    const fraction = (column - rects.progressBar.left + 0.5) / rects.progressBar.width;
    return outcome({ type: 'seek', fraction });
  }
  if (contains(rects.nowPlaying, column, row)) return outcome({ type: 'focus', target: 'nowPlaying' });
  if (screen.isHelpOpen) return outcome(null);
  if (contains(rects.tabLine, column, row)) {
    const tab = tabAt(screen.tabs, column);
    return outcome(tab === null ? null : { type: 'switchTab', tab });
  }
  const index = listIndex();
  if (index !== null) return outcome(isDouble ? { type: 'open', target: libraryTab, index } : { type: 'cursorTo', target: libraryTab, index });
  if (contains(rects.library, column, row) || contains(rects.details, column, row)) return outcome({ type: 'focus', target: libraryTab });
  return outcome(null);
}
