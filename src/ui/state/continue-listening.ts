/** What Continue listening lists: started, unfinished episodes and chapters, most recently played first. Pure. */
import type { Audiobook, Chapter, Episode, Show } from '../../api/types.js';

export type ProgressEntry =
  | { kind: 'episode'; item: Episode; parent: Show; position: number }
  | { kind: 'chapter'; item: Chapter; parent: Audiobook; position: number };

export function isInProgress(item: Episode | Chapter): boolean {
  const resume = item.resume_point;
  return resume !== null && !resume.fully_played && resume.resume_position_ms > 0;
}

/** In progress only; by `last_played_at`, newest first, those without it last (stable otherwise). */
export function continueListening(entries: readonly ProgressEntry[]): ProgressEntry[] {
  const played = (entry: ProgressEntry): number => {
    const at = entry.item.resume_point?.last_played_at;
    const time = at === undefined ? Number.NaN : Date.parse(at);
    return Number.isNaN(time) ? -Infinity : time;
  };
  return entries
    .filter((entry) => isInProgress(entry.item))
    .map((entry, index) => ({ entry, index, at: played(entry) }))
    .sort((a, b) => (a.at === b.at ? a.index - b.index : b.at - a.at))
    .map(({ entry }) => entry);
}
