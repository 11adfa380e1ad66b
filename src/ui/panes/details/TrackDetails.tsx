import { Box } from 'ink';
import type { Track } from '../../../api/types.js';
import { formatDuration } from '../../format.js';
import { joinNames } from '../library-rows.js';
import { Field, Title, yesNo } from './DetailLines.js';

export interface TrackDetailsProps {
  track: Track;
  width: number;
}

/** Whether a track plays here, and if not the service's reason. */
export function playability(item: { is_playable: boolean; restrictions: { reason: string } | null }): string {
  if (item.is_playable) return 'yes';
  return item.restrictions === null ? 'no' : `no (${item.restrictions.reason})`;
}

export function TrackDetails({ track, width }: TrackDetailsProps) {
  const year = track.album.release_date.slice(0, 4);
  return (
    <Box flexDirection="column">
      <Title text={track.name} width={width} />
      <Field label="Artists" value={joinNames(track.artists)} width={width} />
      <Field label="Album" value={year === '' ? track.album.name : `${track.album.name} (${year})`} width={width} />
      <Field label="Duration" value={formatDuration(track.duration_ms)} width={width} />
      <Field label="Explicit" value={yesNo(track.explicit)} width={width} />
      <Field label="Popularity" value={String(track.popularity)} width={width} />
      <Field label="Playable" value={playability(track)} width={width} />
      {track.linked_from !== null && <Field label="Relinked" value={`from ${track.linked_from.id}`} width={width} />}
    </Box>
  );
}
