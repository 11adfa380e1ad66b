import { plural } from './messages.js';
import type { PlanCount } from './write-plan.js';
import { requestsOf } from './write-plan.js';

/**
 * `o u`: duplicates removed, the first entry of each URI kept where it is. The service removes every entry
 * of a URI, so the first ones go too and are added back at their places (dated today): the preview says so,
 * with how many requests it takes, before anything changes. Pure.
 */

export interface Duplicates {
  /** Display rows of the entries that go (every one after the first of its URI), ascending. */
  rows: number[];
  /** The URIs with duplicates: the row of the first entry, and how many more there are. */
  uris: Map<string, { firstRow: number; extra: number }>;
}

/** The duplicates in the order shown (`uriAt(row)` the URI at each row; every one must be known). */
export function findDuplicates(length: number, uriAt: (row: number) => string): Duplicates {
  const first = new Map<string, number>();
  const uris = new Map<string, { firstRow: number; extra: number }>();
  const rows: number[] = [];
  for (let row = 0; row < length; row++) {
    const uri = uriAt(row);
    const seen = first.get(uri);
    if (seen === undefined) {
      first.set(uri, row);
      continue;
    }
    rows.push(row);
    const counted = uris.get(uri) ?? { firstRow: seen, extra: 0 };
    counted.extra++;
    uris.set(uri, counted);
  }
  return { rows, uris };
}

/** The question before `o u` changes anything: what goes, what comes back dated today, how many requests. */
export function dedupeQuestion(found: Duplicates, nameAt: (row: number) => string, plan: PlanCount): string {
  const named = [...found.uris.values()]
    .sort((a, b) => b.extra - a.extra || a.firstRow - b.firstRow)
    .slice(0, 2)
    .map(({ firstRow, extra }) => `“${nameAt(firstRow)}” ×${extra + 1}`);
  const more = found.uris.size > 2 ? ', …' : '';
  const requests = requestsOf(plan);
  // What to answer first: the status line cuts the rest at its width.
  return (
    `remove ${plural(found.rows.length, 'duplicate', 'duplicates')} of ${plural(found.uris.size, 'item', 'items')}? y removes, n keeps · ` +
    `${plural(requests, 'request', 'requests')}; each first copy stays in place, re-added, dated today · ${named.join(', ')}${more}`
  );
}

/** The status line once `o u` removed them. */
export function dedupedText(found: Duplicates): string {
  return `removed ${plural(found.rows.length, 'duplicate', 'duplicates')} of ${plural(found.uris.size, 'item', 'items')} · unsaved`;
}
