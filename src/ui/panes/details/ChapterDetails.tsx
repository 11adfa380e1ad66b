import { Box } from 'ink';
import type { Chapter } from '../../../api/types.js';
import { formatDuration } from '../../format.js';
import { Description, Field, Title, rowsLeft } from './DetailLines.js';
import { resumeText } from './EpisodeDetails.js';
import { playability } from './TrackDetails.js';

export interface ChapterDetailsProps {
  chapter: Chapter;
  width: number;
  height: number;
}

const FIELD_ROWS = 7;

export function ChapterDetails({ chapter, width, height }: ChapterDetailsProps) {
  return (
    <Box flexDirection="column">
      <Title text={chapter.name} width={width} />
      <Field label="Audiobook" value={chapter.audiobook?.name ?? ''} width={width} />
      <Field label="Chapter" value={String(chapter.chapter_number)} width={width} />
      <Field label="Duration" value={formatDuration(chapter.duration_ms)} width={width} />
      <Field label="Resume" value={resumeText(chapter.resume_point, chapter.duration_ms)} width={width} />
      <Field label="Released" value={chapter.release_date} width={width} />
      <Field label="Playable" value={playability(chapter)} width={width} />
      <Description html={chapter.html_description} plain={chapter.description} rows={rowsLeft(height, FIELD_ROWS)} />
    </Box>
  );
}
