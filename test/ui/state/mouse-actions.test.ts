import { describe, expect, it } from 'vitest';
import { computeLayout, NOW_PLAYING_ROWS } from '../../../src/ui/layout.js';
import { DOUBLE_CLICK_MS, mouseAction, screenRects, type PointerEvent, type ScreenState } from '../../../src/ui/app/mouse-actions.js';

/** The tab line's cells: `[2 Playlists]` (13 columns), ` 3 Saved shows `, ` 4 Audiobooks `. */
const TABS = [
  { tab: 'playlists', start: 0, width: 13 },
  { tab: 'shows', start: 13, width: 15 },
  { tab: 'audiobooks', start: 28, width: 14 },
] as const;

/** 120×40 with Now playing at its short height: rows 0–5, tab line row 6, library rows 7–37 and columns 0–65, details from column 66. */
const tall = computeLayout(120, 40);
const grown = tall.nowPlaying.height - NOW_PLAYING_ROWS;
const LAYOUT = {
  ...tall,
  nowPlaying: { ...tall.nowPlaying, height: NOW_PLAYING_ROWS },
  library: { ...tall.library, height: tall.library.height + grown },
  details: { ...tall.details, height: tall.details.height + grown },
};
const screen = (over: Partial<ScreenState> = {}): ScreenState => ({
  layout: LAYOUT,
  libraryTab: 'playlists',
  isHelpOpen: false,
  tabs: TABS,
  list: { top: 10, length: 100, rowsAbove: 0 },
  clock: { elapsed: '1:23', total: '3:45' },
  ...over,
});

const click = (column: number, row: number): PointerEvent => ({ kind: 'press', button: 'left', column, row });
const actionOf = (event: PointerEvent, state = screen()) => mouseAction(event, state, null, 0).action;

describe('screenRects', () => {
  it('stacks the parts as the App draws them', () => {
    const rects = screenRects(screen());
    expect(rects.nowPlaying).toEqual({ left: 0, top: 0, width: 120, height: 6 });
    expect(rects.tabLine).toEqual({ left: 0, top: 6, width: 120, height: 1 });
    expect(rects.library).toEqual({ left: 0, top: 7, width: 66, height: 31 });
    expect(rects.details).toEqual({ left: 66, top: 7, width: 54, height: 31 });
    expect(rects.listRows).toEqual({ left: 1, top: 8, width: 64, height: 29 });
    // `1:23 ━━━…─── 3:45` inside the border and a space of padding.
    expect(rects.progressBar).toEqual({ left: 7, top: 4, width: 106, height: 1 });
  });

  it('moves the list rows down under a filter line, and has no bar when nothing plays', () => {
    const rects = screenRects(screen({ list: { top: 0, length: 5, rowsAbove: 1 }, clock: null }));
    expect(rects.listRows.top).toBe(9);
    expect(rects.progressBar).toBeNull();
  });
});

describe('mouseAction', () => {
  it('puts the cursor on the row clicked, counting from the first row shown', () => {
    expect(actionOf(click(5, 8))).toEqual({ type: 'cursorTo', target: 'playlists', index: 10 });
    expect(actionOf(click(64, 20))).toEqual({ type: 'cursorTo', target: 'playlists', index: 22 });
    expect(actionOf(click(5, 9), screen({ list: { top: 0, length: 5, rowsAbove: 1 } }))).toEqual({ type: 'cursorTo', target: 'playlists', index: 0 });
  });

  it('focuses the pane for a click past the last row, on the border, the filter line or the details', () => {
    const short = screen({ libraryTab: 'shows', list: { top: 0, length: 3, rowsAbove: 1 } });
    expect(actionOf(click(5, 13), short)).toEqual({ type: 'focus', target: 'shows' });
    expect(actionOf(click(0, 10), short)).toEqual({ type: 'focus', target: 'shows' });
    expect(actionOf(click(5, 8), short)).toEqual({ type: 'focus', target: 'shows' });
    expect(actionOf(click(90, 20), short)).toEqual({ type: 'focus', target: 'shows' });
    expect(actionOf(click(30, 2))).toEqual({ type: 'focus', target: 'nowPlaying' });
  });

  it('opens on a double-click at the same place within the time, and only then', () => {
    const first = mouseAction(click(5, 12), screen(), null, 1_000);
    expect(first.action).toEqual({ type: 'cursorTo', target: 'playlists', index: 14 });
    expect(mouseAction(click(5, 12), screen(), first.lastClick, 1_000 + DOUBLE_CLICK_MS).action).toEqual({ type: 'open', target: 'playlists', index: 14 });
    expect(mouseAction(click(5, 12), screen(), first.lastClick, 1_001 + DOUBLE_CLICK_MS).action).toMatchObject({ type: 'cursorTo' });
    expect(mouseAction(click(6, 12), screen(), first.lastClick, 1_100).action).toMatchObject({ type: 'cursorTo' });
    // A third click starts over rather than opening again.
    const second = mouseAction(click(5, 12), screen(), first.lastClick, 1_100);
    expect(mouseAction(click(5, 12), screen(), second.lastClick, 1_200).action).toMatchObject({ type: 'cursorTo' });
  });

  it('scrolls the list under the pointer by three rows, and nothing elsewhere', () => {
    const wheel = (direction: 'up' | 'down', column: number, row: number): PointerEvent => ({ kind: 'wheel', direction, column, row });
    expect(actionOf(wheel('down', 10, 20))).toEqual({ type: 'scroll', target: 'playlists', rows: 3 });
    expect(actionOf(wheel('up', 10, 20))).toEqual({ type: 'scroll', target: 'playlists', rows: -3 });
    expect(actionOf(wheel('down', 90, 20))).toBeNull();
    expect(actionOf(wheel('down', 10, 2))).toBeNull();
    expect(actionOf(wheel('down', 10, 20), screen({ isHelpOpen: true }))).toEqual({ type: 'scrollHelp', rows: 3 });
  });

  it('seeks to where the bar is clicked', () => {
    expect(actionOf(click(7, 4))).toEqual({ type: 'seek', fraction: 0.5 / 106 });
    expect(actionOf(click(112, 4))).toEqual({ type: 'seek', fraction: 105.5 / 106 });
    expect(actionOf(click(60, 4))).toMatchObject({ type: 'seek', fraction: expect.closeTo(0.5047, 3) });
    // On the times either side of the bar it only focuses.
    expect(actionOf(click(3, 4))).toEqual({ type: 'focus', target: 'nowPlaying' });
    expect(actionOf(click(60, 4), screen({ clock: null }))).toEqual({ type: 'focus', target: 'nowPlaying' });
  });

  it('switches to the tab clicked', () => {
    expect(actionOf(click(0, 6))).toEqual({ type: 'switchTab', tab: 'playlists' });
    expect(actionOf(click(12, 6))).toEqual({ type: 'switchTab', tab: 'playlists' });
    expect(actionOf(click(13, 6))).toEqual({ type: 'switchTab', tab: 'shows' });
    expect(actionOf(click(41, 6))).toEqual({ type: 'switchTab', tab: 'audiobooks' });
    expect(actionOf(click(42, 6))).toBeNull();
  });

  it('ignores other buttons, releases, drags, clicks outside any pane, and the library under the help', () => {
    expect(actionOf({ kind: 'press', button: 'right', column: 5, row: 12 })).toBeNull();
    expect(actionOf({ kind: 'release', button: 'left', column: 5, row: 12 })).toBeNull();
    expect(actionOf({ kind: 'drag', button: 'left', column: 5, row: 12 })).toBeNull();
    expect(actionOf(click(5, 38))).toBeNull();
    expect(actionOf(click(500, 500))).toBeNull();
    expect(actionOf(click(5, 12), screen({ isHelpOpen: true }))).toBeNull();
  });

  it('keeps the last click through events that are not clicks', () => {
    const first = mouseAction(click(5, 12), screen(), null, 0);
    const wheel = mouseAction({ kind: 'wheel', direction: 'down', column: 5, row: 12 }, screen(), first.lastClick, 50);
    expect(wheel.lastClick).toBe(first.lastClick);
  });
});
