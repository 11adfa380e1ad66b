import type { Dispatch } from 'react';
import type { FocusAction } from './focus.js';
import { ACTIONS, actionSpec } from '../../keys/actions.js';
import { KEY_LAYER } from '../keys/key-layers.js';
import { useKeyBindings } from '../context/bindings-context.js';
import { GLOBAL_KEYMAP, resolve, runCommand, type CommandHandlers, type GlobalCommand } from '../keys/keymap.js';
import type { PlaybackCommand } from '../playback-commands.js';
import type { Overlay } from '../overlays/overlay-state.js';
import { useKeyLayer } from '../keys/use-key-layer.js';

export interface GlobalKeyTargets {
  /** Now playing has the focus: its own keys (seek) work only then. */
  isNowPlayingFocused: boolean;
  dispatch: Dispatch<FocusAction>;
  quit(): void;
  play(command: PlaybackCommand): void;
  volume(direction: 1 | -1): void;
  /** `?`, the devices key, `f` and `:`: opens that overlay, by the overlays' one rule (overlay-state.ts). */
  openOverlay(overlay: Overlay): void;
  /** `A` in Now playing: what plays, to a playlist. */
  addPlaying(): void;
  /** `l`: likes or unlikes what the focused pane has under its cursor (or plays). */
  like(): void;
  /** Opens the sleep timer's question. */
  sleep(): void;
}

/** The bottom layer: keys that work everywhere, once no prompt, input, overlay or pane took them. */
export function useGlobalKeys(targets: GlobalKeyTargets): void {
  const bindings = useKeyBindings();
  const { dispatch } = targets;
  const handlers: CommandHandlers<GlobalCommand> = {
    quit: () => targets.quit(),
    toggleHelp: () => targets.openOverlay({ kind: 'help' }),
    focusNext: (command) => dispatch(command),
    focusPrevious: (command) => dispatch(command),
    focus: (command) => dispatch(command),
    playback: (command) => targets.play(command.command),
    volume: (command) => targets.volume(command.direction),
    devices: () => targets.openOverlay({ kind: 'devices' }),
    addPlaying: () => targets.addPlaying(),
    like: () => targets.like(),
    search: () => targets.openOverlay({ kind: 'search' }),
    goTo: () => targets.openOverlay({ kind: 'goTo' }),
    sleep: () => targets.sleep(),
  };
  useKeyLayer(KEY_LAYER.global, (input, key) => {
    const action = resolve(GLOBAL_KEYMAP, input, key, bindings);
    if (action === null || (actionSpec(action).place === 'Now playing' && !targets.isNowPlayingFocused)) return false;
    runCommand(handlers, ACTIONS[action].command);
    return true;
  });
}
