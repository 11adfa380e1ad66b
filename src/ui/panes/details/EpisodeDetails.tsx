import { Box } from 'ink';
import type { Episode, ResumePoint } from '../../../api/types.js';
import { formatDuration, formatTimeLeft, joinPresent } from '../../format.js';
import { Description, Field, Title, rowsLeft, yesNo } from './DetailLines.js';
import { playability } from './TrackDetails.js';

export interface EpisodeDetailsProps {
  episode: Episode;
  width: number;
  height: number;
}

/** '12:34 left', 'played', or 'unknown' when the service sent no resume point. */
export function resumeText(resumePoint: ResumePoint | null, durationMs: number): string {
  return resumePoint === null ? 'unknown' : formatTimeLeft(resumePoint, durationMs);
}

const FIELD_ROWS = 7;

export function EpisodeDetails({ episode, width, height }: EpisodeDetailsProps) {
  const show = episode.show;
  return (
    <Box flexDirection="column">
      <Title text={episode.name} width={width} />
      <Field label="Show" value={show === null ? '' : joinPresent([show.name, show.publisher])} width={width} />
      <Field label="Released" value={episode.release_date} width={width} />
      <Field label="Duration" value={formatDuration(episode.duration_ms)} width={width} />
      <Field label="Resume" value={resumeText(episode.resume_point, episode.duration_ms)} width={width} />
      <Field label="Explicit" value={yesNo(episode.explicit)} width={width} />
      <Field label="Playable" value={playability(episode)} width={width} />
      <Description html={episode.html_description} plain={episode.description} rows={rowsLeft(height, FIELD_ROWS)} />
    </Box>
  );
}
