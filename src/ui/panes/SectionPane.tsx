import { Box } from 'ink';
import { memo, useRef, type ComponentType } from 'react';
import type { SimplifiedPlaylist } from '../../api/types.js';
import type { LibraryTab } from '../../keys/sections.js';
import { librarySection } from '../sections/registry.js';
import type { CustomViewName, Drilled } from '../sections/types.js';
import type { LibraryPaneProps } from '../list/library-pane-props.js';
import { PlaylistEditorPane } from '../playlist-editor/PlaylistEditorPane.js';
import { SectionList } from '../list/SectionList.js';

/** What a view drawn by its own component gets (sections/types.ts, CustomView). */
export interface CustomViewProps<P> extends LibraryPaneProps {
  parent: P;
  /** On screen (its tab up, no overlay over it), focused or not. */
  isShown: boolean;
  onBack(): void;
}

const PlaylistEditor = memo(function PlaylistEditor(props: CustomViewProps<SimplifiedPlaylist>) {
  return <PlaylistEditorPane {...props} playlist={props.parent} />;
});

/** The component of each custom view. */
const CUSTOM_VIEWS: { [N in CustomViewName]: ComponentType<CustomViewProps<never>> } = {
  playlistItems: PlaylistEditor,
};

export interface SectionPaneProps extends Omit<LibraryPaneProps, 'onStatus'> {
  tab: LibraryTab;
  /** The views drilled into above the section's list, the shown one last. */
  drills: readonly Drilled[];
  /** Its tab is up and nothing is over it. */
  isShown: boolean;
  /** Its tab is up (an overlay may be over it): drawn only then, kept mounted otherwise. */
  isTabShown: boolean;
  /** One line for the status bar from the view at `depth` (0: the section's list); null clears it. */
  onStatus(tab: LibraryTab, depth: number, message: string | null): void;
  onDrill(tab: LibraryTab, drilled: Drilled): void;
  onBack(tab: LibraryTab): void;
  onOpenPlaylist(playlist: SimplifiedPlaylist): void;
}

interface LevelCallbacks {
  onStatus(message: string | null): void;
  onBack(): void;
  onDrill(drilled: Drilled): void;
  onOpenPlaylist(playlist: SimplifiedPlaylist): void;
}

/**
 * A library section: its list, and the views drilled into from it (a show's episodes, a playlist's items),
 * the last one shown. Each stays mounted below the one above it, so that Esc finds its cursor and pages.
 */
export const SectionPane = memo(function SectionPane(props: SectionPaneProps) {
  const { tab, drills, isFocused, width, height, details } = props;
  // One set of stable callbacks per depth: the levels are memoised and must not re-render for new functions.
  const latest = useRef(props);
  latest.current = props;
  const callbacks = useRef(new Map<number, LevelCallbacks>());
  const callbacksAt = (depth: number): LevelCallbacks => {
    let made = callbacks.current.get(depth);
    if (made === undefined) {
      made = {
        onStatus: (message) => latest.current.onStatus(latest.current.tab, depth, message),
        onBack: () => latest.current.onBack(latest.current.tab),
        onDrill: (next) => latest.current.onDrill(latest.current.tab, next),
        onOpenPlaylist: (playlist) => latest.current.onOpenPlaylist(playlist),
      };
      callbacks.current.set(depth, made);
    }
    return made;
  };
  const root = librarySection(tab).view;
  const levels: readonly Drilled[] = [{ view: root, parent: undefined, key: 'root' }, ...drills];
  return levels.map(({ view, parent, key }, depth) => {
    const isTop = depth === levels.length - 1;
    const { onStatus, onBack, onDrill, onOpenPlaylist } = callbacksAt(depth);
    const shared = { isFocused: isFocused && isTop, width, height, details, onStatus };
    let level;
    if (view.kind === 'list') {
      level = (
        <SectionList
          {...shared}
          view={view}
          parent={parent}
          isTabShown={props.isTabShown && isTop}
          onDrill={onDrill}
          onOpenPlaylist={onOpenPlaylist}
          onBack={depth === 0 ? undefined : onBack}
        />
      );
    } else {
      const Custom = CUSTOM_VIEWS[view.name] as ComponentType<CustomViewProps<unknown>>;
      level = <Custom {...shared} parent={parent} isShown={props.isShown && isTop} onBack={onBack} />;
    }
    return (
      // The top of the stack is drawn while the tab is up; the rest stay mounted, out of the layout.
      <Box key={key} display={isTop && props.isTabShown ? 'flex' : 'none'}>
        {level}
      </Box>
    );
  });
});
