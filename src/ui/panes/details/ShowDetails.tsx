import { Box } from 'ink';
import type { Show } from '../../../api/types.js';
import { formatCount } from '../../format.js';
import { Description, Field, Title, rowsLeft, yesNo } from './DetailLines.js';

export interface ShowDetailsProps {
  show: Show;
  width: number;
  height: number;
}

const FIELD_ROWS = 5;

export function ShowDetails({ show, width, height }: ShowDetailsProps) {
  // Development-mode apps get no publisher since 2026: no line rather than an empty one.
  const hasPublisher = show.publisher !== '';
  return (
    <Box flexDirection="column">
      <Title text={show.name} width={width} />
      {hasPublisher && <Field label="Publisher" value={show.publisher} width={width} />}
      <Field label="Episodes" value={formatCount(show.total_episodes)} width={width} />
      <Field label="Explicit" value={yesNo(show.explicit)} width={width} />
      <Field label="Languages" value={show.languages.join(', ')} width={width} />
      <Description html={show.html_description} plain={show.description} rows={rowsLeft(height, FIELD_ROWS - (hasPublisher ? 0 : 1))} />
    </Box>
  );
}
