import { Box, Text } from 'ink';
import { memo } from 'react';
import type { Cover } from '../hooks/use-cover-art.js';

export interface CoverArtProps {
  /** Half-blocks or the placeholder (a picture the terminal draws is TerminalPictureBox's). */
  cover: Exclude<Cover, { kind: 'terminal' }>;
  columns: number;
  rows: number;
}

/** The picture's rows as they are (their colours are in the text), or a quiet placeholder of the same size. */
export const CoverArt = memo(function CoverArt({ cover, columns, rows }: CoverArtProps) {
  const lines = cover.kind === 'picture' ? cover.rows : Array.from({ length: rows }, () => '░'.repeat(columns));
  return (
    <Box flexDirection="column" width={columns} height={rows} flexShrink={0} marginRight={2}>
      {lines.map((line, index) => (
        <Text key={index} dimColor={cover.kind === 'placeholder'} wrap="truncate">
          {line}
        </Text>
      ))}
    </Box>
  );
});
