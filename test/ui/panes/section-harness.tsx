import { useState, type ReactElement } from 'react';
import { vi } from 'vitest';
import type { SimplifiedPlaylist } from '../../../src/api/types.js';
import type { Size } from '../../../src/ui/layout.js';
import { SectionPane } from '../../../src/ui/panes/SectionPane.js';
import { playlistItems } from '../../../src/ui/sections/playlists.js';
import type { LibraryTab } from '../../../src/keys/sections.js';
import { drilled, type Drilled } from '../../../src/ui/sections/types.js';

export interface SectionOptions {
  isFocused?: boolean;
  width?: number;
  height?: number;
  /** The details beside the list; none by default (the app gives them room on a wide terminal). */
  details?: Size;
  /** Enter on a playlist; by default the items open, as in the app. */
  onOpenPlaylist?(playlist: SimplifiedPlaylist): void;
}

/** A section pane as the app holds it: its drill-down stack kept here, its status lines recorded. */
export function sectionPane(tab: LibraryTab, options: SectionOptions = {}) {
  const onStatus = vi.fn<(message: string | null) => void>();
  function Host(): ReactElement {
    const [drills, setDrills] = useState<readonly Drilled[]>([]);
    return (
      <SectionPane
        tab={tab}
        drills={drills}
        isFocused={options.isFocused ?? true}
        isShown
        isTabShown
        width={options.width ?? 66}
        height={options.height ?? 20}
        details={options.details ?? { width: 0, height: 0 }}
        onStatus={(_tab, _depth, message) => onStatus(message)}
        onDrill={(_tab, next) => setDrills((stack) => [...stack, next])}
        onBack={() => setDrills((stack) => stack.slice(0, -1))}
        onOpenPlaylist={options.onOpenPlaylist ?? ((playlist) => setDrills([drilled(playlistItems, playlist)]))}
      />
    );
  }
  return { pane: <Host />, onStatus };
}
