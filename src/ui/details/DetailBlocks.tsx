import { Box } from 'ink';
import type { Details } from './extras.js';
import { rowsOf, type DetailBlock } from './blocks.js';
import { ChaptersTable } from './ChaptersTable.js';
import { Description, Field, Title } from './DetailLines.js';

export interface DetailBlocksProps {
  blocks: readonly DetailBlock[];
  /** What was read for the item besides itself (an audiobook's chapters). */
  details: Details;
  /** Inner size of the details pane. */
  width: number;
  height: number;
}

/** A block's element (a call, not a component of its own: no extra layer for each line on each cursor move). */
function blockElement(block: DetailBlock, key: number, details: Details, width: number, rows: number) {
  switch (block.kind) {
    case 'title':
      return <Title key={key} text={block.text} width={width} />;
    case 'field':
      return <Field key={key} label={block.label} value={block.value} width={width} />;
    case 'description':
      return <Description key={key} html={block.html} plain={block.plain} rows={rows} />;
    case 'chapters':
      return (
        <Box key={key} marginTop={1}>
          <ChaptersTable chapters={details.chapters ?? { state: 'loading' }} width={width} height={Math.max(0, rows - 1)} />
        </Box>
      );
  }
}

/** The blocks one under the other, each as tall as it says (blocks.ts). */
export function DetailBlocks({ blocks, details, width, height }: DetailBlocksProps) {
  const rows = rowsOf(blocks, height);
  return (
    <Box flexDirection="column">
      {blocks.map((block, index) => blockElement(block, index, details, width, rows[index]!))}
    </Box>
  );
}
