import { useEffect, useMemo, useRef, useState } from 'react';
import type { Api } from '../../api/api.js';
import { isApiError } from '../../api/errors.js';
import type { PlaybackState } from '../../api/types.js';
import { createVolumeBurst, VOLUME_STEP } from '../state/volume-burst.js';

export interface VolumeControl {
  /** The playback with the volume chosen here in place of the polled one, until a poll agrees. */
  shown: PlaybackState | null | undefined;
  /** One press of `+` (1) or `-` (-1). */
  press(direction: 1 | -1): void;
}

/** The volume keys: bursts sent as one request (state/volume-burst.ts), refusals as a notice. */
export function useVolume(api: Api, playback: PlaybackState | null | undefined, onNotice: (message: string) => void): VolumeControl {
  const [chosen, setChosen] = useState<number | null>(null);
  const latest = useRef({ api, onNotice });
  latest.current = { api, onNotice };
  const burst = useMemo(
    () =>
      createVolumeBurst({
        send: (percent) => latest.current.api.setVolume(percent),
        onShown: setChosen,
        onError: (error) => {
          const reason = isApiError(error) ? (error.details.reason ?? error.message) : String(error);
          latest.current.onNotice(`couldn't change the volume: ${reason}`);
        },
      }),
    [],
  );
  useEffect(() => () => burst.dispose(), [burst]);

  const polled = playback?.device.volume_percent ?? null;
  useEffect(() => burst.settle(polled), [burst, polled, playback]);

  const shown = useMemo(
    () => (playback && chosen !== null ? { ...playback, device: { ...playback.device, volume_percent: chosen } } : playback),
    [playback, chosen],
  );
  const press = (direction: 1 | -1): void => {
    if (!playback) return latest.current.onNotice("can't change the volume: nothing is playing");
    const { device } = playback;
    if (device.volume_percent === null || !device.supports_volume) {
      return latest.current.onNotice(`can't change the volume: ${device.name} has no volume control`);
    }
    burst.press(direction * VOLUME_STEP, device.volume_percent);
  };
  return { shown, press };
}
