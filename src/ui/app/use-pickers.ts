import { useLayoutEffect, useMemo, useRef, useState, type Dispatch } from 'react';
import type { Api } from '../../api/api.js';
import type { SimplifiedPlaylist } from '../../api/types.js';
import { drillsOf, type FocusAction, type FocusState } from './focus.js';
import { actionSpec, type ActionName } from '../../keys/actions.js';
import { keyPressOf } from '../keys/key-names.js';
import { useKeyBindings } from '../context/bindings-context.js';
import { useKeyLayers } from '../keys/use-key-layer.js';
import type { PlayStarter } from '../play/play-starter.js';
import { openTarget, type Opener } from '../sections/open-in.js';
import { foundTarget } from '../overlays/search-rows.js';
import type { GoToEntry } from '../overlays/go-to.js';
import type { Found } from '../state/search-results.js';

export interface Pickers {
  /** Enter in the search: plays or opens what was found. */
  chooseFound(found: Found): void;
  /** Enter in the go to: a section, something to open, or an action run as its key would. */
  chooseEntry(entry: GoToEntry): void;
}

export interface PickerTargets {
  api: Api;
  player: PlayStarter;
  focus: FocusState;
  dispatch: Dispatch<FocusAction>;
  /** An overlay is open: a key an action runs waits until it has closed. */
  isOverlayOpen: boolean;
  openPlaylist(playlist: SimplifiedPlaylist): void;
  say(message: string): void;
}

/**
 * What choosing in the search (`f`) and the go to (`:`) does. An action chosen in
 * the go to runs as its first key would, pressed once the picker has closed and the focus is where the action
 * works (Now playing for a seek, the library for a list's key, the open playlist for an editor's key).
 */
export function usePickers(targets: PickerTargets): Pickers {
  const [pending, setPending] = useState<string | null>(null);
  const latest = useRef(targets);
  latest.current = targets;
  const bindings = useKeyBindings();
  const layers = useKeyLayers();

  useLayoutEffect(() => {
    if (pending === null || targets.isOverlayOpen) return;
    setPending(null);
    const { input, key } = keyPressOf(pending);
    layers?.press(input, key);
  }, [pending, targets.isOverlayOpen, layers]);

  const bindingsNow = useRef(bindings);
  bindingsNow.current = bindings;
  const chosen = useMemo(() => {
    const opener = (): Opener => {
      const { api, player, dispatch, openPlaylist } = latest.current;
      return { api, player, openPlaylist, drill: (tab, drilled) => dispatch({ type: 'drill', tab, drilled, isFromRoot: true }) };
    };
    const runAction = (action: ActionName): void => {
      const { focus, dispatch, say } = latest.current;
      const { place, description } = actionSpec(action);
      const key = bindingsNow.current[action][0];
      if (key === undefined) return say(`no key is bound to it: ${description}`);
      if (place === 'Now playing') dispatch({ type: 'focus', target: 'nowPlaying' });
      else if (place === 'lists' && focus.focus === 'nowPlaying') dispatch({ type: 'focus', target: focus.libraryTab });
      else if (place === "a playlist's items") {
        const top = drillsOf(focus, 'playlists').at(-1);
        if (top?.view.kind !== 'custom' || top.view.name !== 'playlistItems') return say(`open a playlist first: ${description}`);
        dispatch({ type: 'focus', target: 'playlists' });
      }
      setPending(key);
    };
    return {
      chooseFound: (found: Found) => openTarget(foundTarget(found), opener()),
      chooseEntry: (entry: GoToEntry) => {
        switch (entry.kind) {
          case 'section':
            return latest.current.dispatch({ type: 'focus', target: entry.section });
          case 'target':
            return openTarget(entry.target, opener());
          case 'action':
            return runAction(entry.action);
        }
      },
    };
  }, []);
  return chosen;
}
