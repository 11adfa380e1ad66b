import { Box, Text } from 'ink';
import { memo } from 'react';
import type { LibraryTab } from '../focus.js';

/** The library tabs with the keys that jump to them (decisions §12: 2–4; 5 for Continue listening). */
export const LIBRARY_TABS: readonly { tab: LibraryTab; key: string; label: string }[] = [
  { tab: 'playlists', key: '2', label: 'Playlists' },
  { tab: 'shows', key: '3', label: 'Saved shows' },
  { tab: 'audiobooks', key: '4', label: 'Audiobooks' },
  { tab: 'continue', key: '5', label: 'Continue listening' },
];

export interface TabLineProps {
  /** The tab whose pane is shown. */
  active: LibraryTab;
  /** Whether that pane has the keys: the active tab is highlighted only then. */
  isFocused: boolean;
}

/** `2 Playlists  3 Saved shows  4 Audiobooks`, the shown one in brackets (visible without colours too). */
export const TabLine = memo(function TabLine({ active, isFocused }: TabLineProps) {
  return (
    <Box height={1} overflow="hidden">
      {LIBRARY_TABS.map(({ tab, key, label }) => {
        const isActive = tab === active;
        return (
          <Text key={tab} bold={isActive} inverse={isActive && isFocused} dimColor={!isActive}>
            {isActive ? `[${key} ${label}]` : ` ${key} ${label} `}
          </Text>
        );
      })}
    </Box>
  );
});
