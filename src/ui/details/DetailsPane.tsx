import { Text } from 'ink';
import { memo, useMemo } from 'react';
import { useApi } from '../context/api-context.js';
import { Pane } from '../components/Pane.js';
import type { DetailsTarget } from '../details-target.js';
import { useDetails } from './use-details.js';
import { DetailBlocks } from '../details/DetailBlocks.js';
import { detailsOf } from '../details/kinds.js';

export interface DetailsPaneProps {
  /** What to describe; null shows a hint. */
  target: DetailsTarget | null;
  /** Outer size, border included. */
  width: number;
  height: number;
}

/** The border, with the title in it. */
const FRAME_ROWS = 2;
const FRAME_COLUMNS = 2;

/** Everything about the item under the cursor of the focused library list. */
export const DetailsPane = memo(function DetailsPane({ target, width, height }: DetailsPaneProps) {
  const details = useDetails(useApi(), target);
  const inner = { width: Math.max(1, width - FRAME_COLUMNS), height: Math.max(1, height - FRAME_ROWS) };
  const described = useMemo(() => (target === null ? null : detailsOf(target, details)), [target, details]);
  return (
    <Pane title={described === null ? 'Details' : described.title} isFocused={false} width={width} height={height}>
      {described === null ? (
        <Text dimColor wrap="truncate">
          Move the cursor onto an item.
        </Text>
      ) : (
        <DetailBlocks blocks={described.blocks} details={details} {...inner} />
      )}
    </Pane>
  );
});
