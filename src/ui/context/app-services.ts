import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import type { Api } from '../../api/api.js';
import { DEFAULT_POLL } from '../state/poll-pace.js';
import { DEFAULT_BINDINGS, type KeyBindings } from '../../keys/bindings.js';
import type { ArtMode } from '../art/mode.js';
import type { LikedStore } from '../liked/liked-store.js';
import { LoadedLists } from '../liked/loaded-lists.js';
import type { PlayStarter } from '../play/play-starter.js';
import type { PollShare } from '../state/poll-share.js';
import type { Signals } from '../signals.js';
import type {
  CursorTargetSlot, ListPointerSlot, LiveLines, LogLine, QueueActions, TerminalEvents, TerminalPictures, Theme,
} from './members.js';
import type { UnsavedJournals } from '../playlist-editor/model/unsaved-journals.js';
import type { EditorServices } from '../playlist-editor/editor-services.js';

/**
 * What every part of the dashboard may use, in one object handed down by one provider: the App's props
 * (client, log, journals, terminal), the config in force (keys, theme, list refresh) and, from the dashboard,
 * the player's starter and the queue. Each value changes rarely (a config file saved); nothing a key changes
 * lives here, so a key re-renders no consumer. Hooks read one member each (useApi, useTheme...).
 */
export interface Services {
  /** The service client; null only where a test draws a part alone without one (useApi then throws). */
  api: Api | null;
  /** The log file's writer, for what goes wrong out of sight; nowhere in tests. */
  log: LogLine;
  /** The journals of unsaved moves; null: moves are not journaled. */
  journals: UnsavedJournals | null;
  /** Where pictures the terminal draws go (kitty graphics); null without a terminal. */
  terminalPictures: TerminalPictures | null;
  /** How covers are drawn here (art/mode.ts). */
  artMode: ArtMode;
  /** Where the clock draws its seconds without a render (live-lines.ts); null: components draw them. */
  liveLines: LiveLines | null;
  /** The terminal's mouse and focus reports; null: none. */
  terminalEvents: TerminalEvents | null;
  /** The shown list, for the mouse (use-list-pointer.ts). */
  listPointer: ListPointerSlot;
  /** The keys in force by action. */
  bindings: KeyBindings;
  /** How often a shown list's page is read again. */
  listRefreshMs: number;
  /** Colours; null: the default theme (theme.ts's useTheme). */
  theme: Theme | null;
  /** Plays what Enter and `P` ask for; null: the keys do nothing (a pane drawn alone). */
  player: PlayStarter | null;
  /** Adds the item under a list's cursor to the queue; null: the key does nothing. */
  queue: QueueActions | null;
  /** The playlists being changed, and what `A`, `N` and `R` ask; null: a pane drawn alone keeps its own. */
  editor: EditorServices | null;
  /** What is liked, for the ♥ and `l`; null: no marks (a pane drawn alone). */
  liked: LikedStore | null;
  /** The item under the cursor of the list that last had the focus, for `l`. */
  cursorTarget: CursorTargetSlot;
  /** What the lists have loaded, for `:`. */
  loaded: LoadedLists;
  /** The requests at rest, one budget: a list's read again takes the place of a player poll; null: none shared. */
  pollShare: PollShare | null;
  /** What a list reads itself again for (signals.ts); null: nothing signals (a pane drawn alone). */
  signals: Signals | null;
}

const NOWHERE: LogLine = () => {};

export const DEFAULT_SERVICES: Services = {
  api: null,
  log: NOWHERE,
  journals: null,
  terminalPictures: null,
  artMode: { kind: 'off' },
  liveLines: null,
  terminalEvents: null,
  listPointer: { current: null },
  bindings: DEFAULT_BINDINGS,
  listRefreshMs: DEFAULT_POLL.listRefreshMs,
  theme: null,
  player: null,
  queue: null,
  editor: null,
  liked: null,
  cursorTarget: { current: null },
  loaded: new LoadedLists(),
  pollShare: null,
  signals: null,
};

const ServicesContext = createContext<Services>(DEFAULT_SERVICES);

export interface ServicesProviderProps {
  /** The services given here; the rest are those above (or the defaults). Keep the object stable across renders. */
  services: Partial<Services>;
  children?: ReactNode;
}

/** Hands the services down, over those above it. */
export function ServicesProvider({ services, children }: ServicesProviderProps) {
  const above = useContext(ServicesContext);
  const value = useMemo(() => ({ ...above, ...services }), [above, services]);
  return createElement(ServicesContext.Provider, { value }, children);
}

export function useServices(): Services {
  return useContext(ServicesContext);
}
