import { createContext, useCallback, useContext, useRef, useState } from 'react';
import type { Api } from '../../api/api.js';
import { isApiError } from '../../api/errors.js';
import type { PlaybackController } from '../hooks/use-playback.js';
import { optimisticPlayback, type PlayRequest } from './play-request.js';

export interface PlayStarter {
  /** Plays the request: shown at once, one command, then one poll; a refusal puts the previous state back. */
  start(request: PlayRequest): void;
  /** A line for the status bar (why a key cannot act). */
  refuse(message: string): void;
}

const PlayStarterContext = createContext<PlayStarter | null>(null);
export const PlayStarterProvider = PlayStarterContext.Provider;

/** The starter of the app above; none (keys do nothing) in a pane rendered alone. */
export function usePlayStarter(): PlayStarter | null {
  return useContext(PlayStarterContext);
}

/** The starter, and the request last started (its label names the context in Now playing). */
export function usePlayStart(
  api: Api,
  playback: PlaybackController,
  onNotice: (message: string) => void,
): { starter: PlayStarter; started: PlayRequest | null } {
  const [started, setStarted] = useState<PlayRequest | null>(null);
  const latest = useRef({ api, playback, onNotice, started });
  latest.current = { api, playback, onNotice, started };
  const starter = useRef<PlayStarter | null>(null);
  const start = useCallback((request: PlayRequest) => {
    const { api: client, playback: controller, started: before } = latest.current;
    const previous = controller.data;
    if (previous) controller.replace(optimisticPlayback(previous, request, Date.now()));
    setStarted(request);
    client
      .startPlayback(request.target)
      .catch((error: unknown) => {
        if (previous !== undefined) latest.current.playback.replace(previous);
        setStarted(before);
        const reason = isApiError(error) ? (error.details.reason && error.details.reason !== 'UNKNOWN' ? error.details.reason : error.message) : String(error);
        latest.current.onNotice(`couldn't play: ${reason}`);
      })
      .finally(() => latest.current.playback.refresh());
  }, []);
  starter.current ??= { start, refuse: (message) => latest.current.onNotice(message) };
  return { starter: starter.current, started };
}
