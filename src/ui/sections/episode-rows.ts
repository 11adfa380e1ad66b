/** Rows of a show's episodes and of Continue listening. Pure. */
import type { Episode } from '../../api/types.js';
import { formatDuration, formatTimeLeft } from '../format.js';
import { sanitizeText } from '../sanitize.js';
import type { ProgressEntry } from '../state/continue-listening.js';
import { memoMatchText, memoRow, withoutStandIns, withStandIns } from './library-rows.js';
import { layoutRow } from '../row-layout.js';

/** `new`, `12:34 left` or `played`; a calm `-:--` where the episode has no duration. */
export function episodeState(episode: Episode): string {
  const resume = episode.resume_point;
  if (!resume?.fully_played && (resume === null || resume.resume_position_ms <= 0)) return 'new';
  if (!(episode.duration_ms > 0)) return resume?.fully_played ? 'played' : 'started';
  return formatTimeLeft(resume, episode.duration_ms);
}

export const episodeRow = withStandIns(memoRow<Episode>((episode, width) =>
  layoutRow(
    [
      { text: sanitizeText(episode.release_date), width: 10 },
      { text: sanitizeText(episode.name) },
      { text: episode.duration_ms > 0 ? formatDuration(episode.duration_ms) : '-:--', width: 8, align: 'right' },
      { text: episodeState(episode), width: 11, align: 'right' },
    ],
    width,
  ),
));
export const episodeMatch = withoutStandIns(memoMatchText<Episode>((episode) => [episode.name]));

const BAR_CELLS = 10;

/** `███░░░░░░░` for how far along an item is. */
export function progressBar(positionMs: number, durationMs: number): string {
  const share = durationMs > 0 ? Math.min(1, Math.max(0, positionMs / durationMs)) : 0;
  const filled = Math.round(share * BAR_CELLS);
  return '█'.repeat(filled) + '░'.repeat(BAR_CELLS - filled);
}

export const progressRow = memoRow<ProgressEntry>((entry, width) =>
  layoutRow(
    [
      { text: sanitizeText(entry.item.name) },
      { text: sanitizeText(entry.parent.name), width: 24 },
      { text: progressBar(entry.item.resume_point?.resume_position_ms ?? 0, entry.item.duration_ms), width: BAR_CELLS },
      { text: formatTimeLeft(entry.item.resume_point, entry.item.duration_ms), width: 11, align: 'right' },
    ],
    width,
  ),
);
export const progressMatch = memoMatchText<ProgressEntry>((entry) => [entry.item.name, entry.parent.name]);
