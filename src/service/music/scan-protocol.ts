import type { RootName } from './placement.js';

/** What the scan's worker is given (scan-thread.ts) and what it tells the service (library-scan.ts). */
export interface ScanSetup {
  db: string;
  folders: Record<RootName, string | null>;
  followOutsideLinks: boolean;
  /** Keep watching the folders once the scan is done (the service's scans do; a one-off does not). */
  watch: boolean;
}

export interface ScanProgress {
  /** `scanning` while the folder is walked or files are read; `idle` once all of it is in the catalog. */
  state: 'scanning' | 'idle';
  /** Whether this is the folder's first scan (the catalog was empty): the one the dashboard shows. */
  first: boolean;
  /** Audio files found so far by this scan. */
  found: number;
  /** Files whose tags were read (new or changed since the last scan). */
  read: number;
  /** Files read per second, this scan. */
  perSecond: number;
}

export type ScanMessage =
  | { kind: 'progress'; progress: ScanProgress }
  /** A batch is in the catalog: caches go, listeners hear it. */
  | { kind: 'committed' }
  | { kind: 'failed'; message: string };
