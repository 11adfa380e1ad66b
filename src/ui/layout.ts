import { DEFAULT_SETTINGS, type Settings } from '../config/settings.js';

/**
 * Where each part of the dashboard goes for a terminal size. The root is one row shorter than the
 * terminal: an output as tall as the terminal makes Ink clear the whole screen on every frame.
 */

export interface Size {
  width: number;
  height: number;
}

export interface DashboardLayout {
  root: Size;
  nowPlaying: Size;
  /** The library pane and, beside it, the details; same height. */
  library: Size;
  /** Zero width when the terminal is too narrow to show details beside the list. */
  details: Size;
}

/** Now playing's height on a short terminal: border and four lines. */
export const NOW_PLAYING_ROWS = 6;
/** On a taller one it grows by a line or two, for what plays next. */
const NOW_PLAYING_GROWTH: readonly { minRows: number; rows: number }[] = [
  { minRows: 36, rows: NOW_PLAYING_ROWS + 2 },
  { minRows: 30, rows: NOW_PLAYING_ROWS + 1 },
];

export function nowPlayingRows(terminalRows: number): number {
  return NOW_PLAYING_GROWTH.find((step) => terminalRows >= step.minRows)?.rows ?? NOW_PLAYING_ROWS;
}
const TAB_LINE_ROWS = 1;
const STATUS_ROWS = 1;
const MIN_DETAILS_WIDTH = 24;
const MIN_MIDDLE_ROWS = 3;

/** The details pane beside the list: shown or not, and its share of the width (a config file's [layout]). */
export function computeLayout(columns: number, rows: number, settings: Settings['layout'] = DEFAULT_SETTINGS.layout): DashboardLayout {
  const width = Math.max(1, Math.floor(columns));
  const rootHeight = Math.max(1, Math.floor(rows) - 1);
  const nowPlayingHeight = nowPlayingRows(rows);
  const middle = Math.max(MIN_MIDDLE_ROWS, rootHeight - nowPlayingHeight - TAB_LINE_ROWS - STATUS_ROWS);
  const libraryWidth = Math.round(width * (1 - settings.details_share));
  const detailsWidth = settings.details && width - libraryWidth >= MIN_DETAILS_WIDTH ? width - libraryWidth : 0;
  return {
    root: { width, height: rootHeight },
    nowPlaying: { width, height: nowPlayingHeight },
    library: { width: width - detailsWidth, height: middle },
    details: { width: detailsWidth, height: middle },
  };
}
