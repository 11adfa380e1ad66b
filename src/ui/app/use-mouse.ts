import { useRef, type Dispatch } from 'react';
import type { PlaybackState } from '../../api/types.js';
import type { FocusAction, FocusState } from './focus.js';
import { formatDuration } from '../format.js';
import type { DashboardLayout } from '../layout.js';
import type { PlaybackCommand } from '../playback-commands.js';
import { layoutTabLine, libraryTabs } from '../sections/tab-line.js';
import { mouseAction, type LastClick, type ScreenState } from './mouse-actions.js';
import { interpolateProgress, type ProgressSnapshot } from '../state/progress.js';
import { usePointer } from '../context/terminal-events.js';
import { useServices } from '../context/app-services.js';
import { clockSuffix } from '../components/clock-line.js';
import type { SleepTimer } from '../state/sleep-timer.js';

export interface MouseInputs {
  layout: DashboardLayout;
  focus: FocusState;
  dispatch: Dispatch<FocusAction>;
  /** An overlay that takes the focus is open (the help): clicks do nothing, the wheel is its own. */
  isOverlayFocused: boolean;
  playback: PlaybackState | null | undefined;
  receivedAt: number;
  run(command: PlaybackCommand): void;
  /** The sleep timer, whose time left follows the clock's total and so narrows the bar. */
  sleep?: SleepTimer | null;
}

function snapshotOf(playback: PlaybackState | null | undefined, receivedAt: number): ProgressSnapshot | null {
  if (!playback?.item) return null;
  return { progressMs: playback.progress_ms, durationMs: playback.item.duration_ms, isPlaying: playback.is_playing, receivedAt };
}

/** The mouse on the dashboard: each event hit-tested against the screen (state/mouse-actions.ts) and done. */
export function useMouse({ layout, focus, dispatch, isOverlayFocused, playback, receivedAt, run, sleep = null }: MouseInputs): void {
  const { listPointer: slot, bindings } = useServices();
  const lastClick = useRef<LastClick | null>(null);
  usePointer((event) => {
    const now = Date.now();
    const list = slot.current;
    const snapshot = snapshotOf(playback, receivedAt);
    const position = snapshot === null ? 0 : interpolateProgress(snapshot, now);
    const screen: ScreenState = {
      layout,
      libraryTab: focus.libraryTab,
      isHelpOpen: isOverlayFocused,
      tabs: layoutTabLine(libraryTabs(bindings), focus.libraryTab, layout.root.width).cells,
      list: list === null ? null : { top: list.top, length: list.length, rowsAbove: list.rowsAbove },
      clock: snapshot === null ? null : { elapsed: formatDuration(position), total: formatDuration(snapshot.durationMs) + clockSuffix(sleep, now) },
    };
    const outcome = mouseAction(event, screen, lastClick.current, now);
    lastClick.current = outcome.lastClick;
    const action = outcome.action;
    if (action === null) return;
    switch (action.type) {
      case 'focus':
        return dispatch({ type: 'focus', target: action.target });
      case 'switchTab':
        return dispatch({ type: 'focus', target: action.tab });
      case 'cursorTo':
        dispatch({ type: 'focus', target: action.target });
        return list?.cursorTo(action.index);
      case 'open':
        dispatch({ type: 'focus', target: action.target });
        return list?.open(action.index);
      case 'scroll':
        return list?.scroll(action.rows);
      case 'seek':
        if (snapshot !== null) run({ type: 'seekBy', deltaMs: Math.round(action.fraction * snapshot.durationMs) - position });
        return;
      case 'scrollHelp':
        return; // The help scrolls with its keys; its window is its own.
    }
  });
}
