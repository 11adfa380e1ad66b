import type { StatusTone } from './StatusBar.js';

/** Everything that may want the status line at once, null for what has nothing to say. */
export interface StatusSources {
  /** The quit prompt's question (unsaved moves). */
  prompt: string | null;
  /** A short-lived notice: a playback command the service refused. */
  notice: string | null;
  /** The shown pane's line: load errors, moves and saves. */
  pane: string | null;
  /** Why the last playback poll failed. */
  playbackError: string | null;
  /** What is wrong with a config file saved while the dashboard runs (the one before stays in force). */
  config?: string | null;
  /** How the music folder's scan goes, while it runs. */
  scan?: string | null;
}

/**
 * Which message the status line shows, and in which tone: the prompt (it waits for an answer), then a
 * notice, then a bad config file, then the shown pane's line, then the music folder's scan, then a playback error. Notices, config problems
 * and playback errors are errors.
 */
export function statusLine({ prompt, notice, pane, playbackError, config = null, scan = null }: StatusSources): { message: string | null; tone: StatusTone } {
  if (prompt !== null) return { message: prompt, tone: 'info' };
  if (notice !== null) return { message: notice, tone: 'error' };
  if (config !== null) return { message: config, tone: 'error' };
  if (pane !== null) return { message: pane, tone: 'info' };
  if (scan !== null) return { message: scan, tone: 'info' };
  return { message: playbackError, tone: playbackError === null ? 'info' : 'error' };
}
