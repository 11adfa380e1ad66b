import { Box, Text } from 'ink';
import { memo, useMemo } from 'react';
import { useKeyBindings } from '../context/bindings-context.js';
import type { LibraryTab } from '../../keys/sections.js';
import { layoutTabLine, libraryTabs, MORE_AFTER, MORE_BEFORE } from '../sections/tab-line.js';

export interface TabLineProps {
  /** The tab whose pane is shown. */
  active: LibraryTab;
  /** Whether that pane has the keys: the active tab is highlighted only then. */
  isFocused: boolean;
  /** Columns of the line. */
  width: number;
}

/**
 * `2 Playlists  3 Saved shows  4 Audiobooks`, one tab per library section with the key its focus action is
 * bound to, the shown one in brackets (visible without colours too); shortened or scrolled to fit (tab-line.ts).
 */
export const TabLine = memo(function TabLine({ active, isFocused, width }: TabLineProps) {
  const bindings = useKeyBindings();
  const { cells, hasBefore, hasAfter } = useMemo(() => layoutTabLine(libraryTabs(bindings), active, width), [active, bindings, width]);
  return (
    <Box height={1} overflow="hidden">
      {hasBefore && <Text dimColor>{MORE_BEFORE}</Text>}
      {cells.map(({ tab, text, isActive }) => (
        <Text key={tab} bold={isActive} inverse={isActive && isFocused} dimColor={!isActive}>
          {text}
        </Text>
      ))}
      {hasAfter && <Text dimColor>{MORE_AFTER}</Text>}
    </Box>
  );
});
