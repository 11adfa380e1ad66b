/**
 * What a write's answer says about the version it names (decisions §17). The embedded service names each
 * version `v<version>.<16 letters and digits>`: an answer one version past the base the write was planned on
 * was made by that write alone. Any other id is opaque (the real service's are): nothing is read from it, and
 * what the write made is found by reading the playlist. Pure.
 */

/** The embedded service's form of a snapshot id; nothing else is read as a version. */
const VERSIONED = /^v([1-9][0-9]{0,14})\.[0-9A-Za-z]{16}$/;

/** The version a snapshot id names, when it has the embedded service's form; else null (opaque). */
export function versionOf(snapshotId: string | null): number | null {
  const match = snapshotId === null ? null : VERSIONED.exec(snapshotId);
  return match ? Number(match[1]) : null;
}

/**
 * A write planned on `base` and answered `answer`:
 * - `alone`: the answer names the very next version (both ids name versions): nothing else happened in between,
 *   so the editor's own reckoning of the order is the service's;
 * - `amongOthers`: both name versions and more than one was made (or none): someone else wrote as well;
 * - `unknown`: an id says nothing (opaque), so the write's effect has to be verified by reading.
 */
export type Landing = 'alone' | 'amongOthers' | 'unknown';

export function landingOf(base: string | null, answer: string): Landing {
  const before = versionOf(base);
  const after = versionOf(answer);
  if (before === null || after === null) return 'unknown';
  return after === before + 1 ? 'alone' : 'amongOthers';
}
