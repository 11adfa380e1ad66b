/** What the key harness (key-harness.tsx) is asked and answers, shared with the keys section that reads it. */

export interface KeySample {
  /** From the key's bytes arriving to the write that followed; null when nothing was written within the wait. */
  toWriteMs: number | null;
  /** From the key to the frame Ink built (before screen.ts compares and writes). */
  toFrameMs: number | null;
}

export interface KeyRun {
  /** Which list: the 10,000-item playlist, Liked songs, search results. */
  list: string;
  /** `j (first pass)`, `j (steady)`, `J (move item down)`… */
  key: string;
  samples: KeySample[];
  /** CPU (user + system) of the whole process during the run, divided by the keys. */
  cpuPerKeyMs: number;
  /** Frames written to the terminal during the run, divided by the keys. */
  writesPerKey: number;
}

export interface KeyRunResult {
  runs: KeyRun[];
  /** Ink's own time to turn the tree into text, per frame, over every run (its `onRender` metric). */
  inkRenderMs: number[];
}

export interface HarnessSpec {
  db?: string;
  baseUrl?: string;
  token?: string;
  profile?: string;
  /** Words typed after f for the search results' run. */
  query?: string;
}

export const FIRST_PASS = 200;
export const STEADY = 200;
export const MOVES = 50;
export const LISTS = { playlist: 'the 10,000-item playlist', liked: 'Liked songs', search: 'search results' } as const;
