import { Box, Text } from 'ink';
import { memo } from 'react';
import { Pane } from '../components/Pane.js';
import { formatCount } from '../format.js';
import { sanitizeText, truncateToWidth } from '../sanitize.js';
import { useTheme } from '../context/theme.js';
import { usePlaylistPicker, type Picking } from './hooks/use-playlist-picker.js';

export interface PlaylistPickerProps {
  picking: Picking;
  width: number;
  /** The most rows it may take. */
  maxHeight: number;
  onClose(): void;
  /** Why the playlists could not be read (the picker closes). */
  onNotice(message: string): void;
}

/** Border (2), the line typed and the hint. */
const FRAME_ROWS = 4;

/** `A`'s picker: what is added, the part of a name typed, and the playlists it finds (recent targets first). */
export const PlaylistPicker = memo(function PlaylistPicker({ picking, width, maxHeight, onClose, onNotice }: PlaylistPickerProps) {
  const theme = useTheme();
  const { label, typed, rows, cursor, refusal } = usePlaylistPicker(picking, onClose, onNotice);
  const inner = Math.max(1, width - 4);
  const height = Math.max(FRAME_ROWS + 1, Math.min(maxHeight, (rows?.length ?? 1) + FRAME_ROWS));
  const visible = Math.max(1, height - FRAME_ROWS);
  const list = rows ?? [];
  const top = Math.max(0, Math.min(cursor - visible + 1, list.length - visible));
  const hint = refusal ?? (rows === null ? 'reading your playlists…' : rows.length === 0 ? 'no playlist is named like that' : '↑/↓ choose · Enter adds there · Esc cancels');
  return (
    <Pane title={`Add ${label} to a playlist`} isFocused width={width} height={height}>
      <Box flexDirection="column" paddingX={1}>
        <Text wrap="truncate">{truncateToWidth(`name: ${sanitizeText(typed)}_`, inner)}</Text>
        <Text dimColor={refusal === null} color={refusal === null ? undefined : theme.error} wrap="truncate">
          {truncateToWidth(hint, inner)}
        </Text>
        {list.slice(top, top + visible).map((row, index) => {
          const marks = [
            `${formatCount(row.playlist.tracks.total)} ${row.playlist.tracks.total === 1 ? 'item' : 'items'}`,
            row.isRecent ? 'recent' : '',
            row.refusal === null ? '' : 'read-only',
          ].filter((mark) => mark !== '');
          return (
            <Text key={row.playlist.id} inverse={top + index === cursor} dimColor={row.refusal !== null}>
              {truncateToWidth(`${sanitizeText(row.playlist.name)} · ${marks.join(' · ')}`, inner)}
            </Text>
          );
        })}
      </Box>
    </Pane>
  );
});
