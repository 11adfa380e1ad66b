import { useCallback, useRef, useState } from 'react';
import type { Api } from '../../api/api.js';
import { isApiError } from '../../api/errors.js';
import type { PlaybackController } from '../hooks/use-playback.js';
import { optimisticPlayback, type PlayRequest } from '../play/play-request.js';
import type { PlayStarter } from '../play/play-starter.js';
import { sayIfUnplayable } from '../play/unplayable.js';

const reasonOf = (error: unknown): string =>
  isApiError(error) ? (error.details.reason && error.details.reason !== 'UNKNOWN' ? error.details.reason : error.message) : String(error);

/** The starter, and the request last started (its label names the context in Now playing). */
export function usePlayStart(
  api: Api,
  playback: PlaybackController,
  onNotice: (message: string) => void,
): { starter: PlayStarter; started: PlayRequest | null } {
  const [started, setStarted] = useState<PlayRequest | null>(null);
  const latest = useRef({ api, playback, onNotice, started });
  latest.current = { api, playback, onNotice, started };
  // Each start takes a number: a request worked out late plays only if no start came after it.
  const lastStart = useRef(0);
  const starter = useRef<PlayStarter | null>(null);
  const send = useCallback((request: PlayRequest) => {
    const { api: client, playback: controller, started: before } = latest.current;
    const previous = controller.data;
    if (previous) controller.replace(optimisticPlayback(previous, request, Date.now()));
    setStarted(request);
    client
      .startPlayback(request.target)
      .catch((error: unknown) => {
        if (previous !== undefined) latest.current.playback.replace(previous);
        setStarted(before);
        latest.current.onNotice(`couldn't play: ${reasonOf(error)}`);
      })
      .finally(() => latest.current.playback.refresh());
  }, []);
  const start = useCallback(
    (request: PlayRequest | Promise<PlayRequest>) => {
      const number = ++lastStart.current;
      if (!(request instanceof Promise)) return send(request);
      request.then(
        (ready) => number === lastStart.current && send(ready),
        (error: unknown) => number === lastStart.current && latest.current.onNotice(`couldn't play: ${reasonOf(error)}`),
      );
    },
    [send],
  );
  starter.current ??= {
    start,
    refuse: (message) => latest.current.onNotice(message),
    refuseUnplayable: (item) => sayIfUnplayable(latest.current.api, item, (reason) => latest.current.onNotice(`can't play: ${reason}`)),
  };
  return { starter: starter.current, started };
}
