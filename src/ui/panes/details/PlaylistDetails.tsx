import { Box } from 'ink';
import type { SimplifiedPlaylist } from '../../../api/types.js';
import { formatCount } from '../../format.js';
import { Description, Field, Title, rowsLeft } from './DetailLines.js';

export interface PlaylistDetailsProps {
  playlist: SimplifiedPlaylist;
  width: number;
  height: number;
}

const FIELD_ROWS = 4;

export function PlaylistDetails({ playlist, width, height }: PlaylistDetailsProps) {
  const visibility = `${playlist.public ? 'public' : 'private'}${playlist.collaborative ? ', collaborative' : ''}`;
  return (
    <Box flexDirection="column">
      <Title text={playlist.name} width={width} />
      <Field label="Owner" value={playlist.owner.display_name ?? playlist.owner.id} width={width} />
      <Field label="Items" value={formatCount(playlist.tracks.total)} width={width} />
      <Field label="Visibility" value={visibility} width={width} />
      {/* Playlist descriptions carry HTML entities, as the real service sends them. */}
      <Description html={playlist.description} plain="" rows={rowsLeft(height, FIELD_ROWS)} />
    </Box>
  );
}
