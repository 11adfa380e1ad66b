/**
 * Volume key presses sent as few requests as possible: a burst of presses becomes one request with the
 * final value once the keys pause for COALESCE_MS, and never more than one request is in flight (a value
 * chosen meanwhile goes when the one in flight answers). The value chosen shows at once, over the polled
 * state, until a poll agrees with it.
 */

export const VOLUME_STEP = 5;
export const COALESCE_MS = 250;

export interface VolumeBurstOptions {
  send: (percent: number) => Promise<void>;
  /** The value to show changed: a number chosen here, or null to show the polled state again. */
  onShown: (percent: number | null) => void;
  /** A request was refused; the value chosen is dropped. */
  onError: (error: unknown) => void;
}

export interface VolumeBurst {
  /** A press of `delta` points from `polled` (the state's volume) or from the value chosen before. */
  press(delta: number, polled: number): void;
  /** A poll's volume: once nothing is waiting or in flight and it agrees, the polled state shows again. */
  settle(polled: number | null): void;
  /** The value chosen and not yet seen in a poll, or null. */
  shown(): number | null;
  dispose(): void;
}

export const clampVolume = (percent: number): number => Math.min(100, Math.max(0, Math.round(percent)));

export function createVolumeBurst({ send, onShown, onError }: VolumeBurstOptions): VolumeBurst {
  let chosen: number | null = null;
  let sent: number | null = null;
  let inFlight = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let disposed = false;

  const show = (value: number | null): void => {
    chosen = value;
    onShown(value);
  };

  const flush = (): void => {
    timer = null;
    if (inFlight || chosen === null || chosen === sent) return;
    const value = chosen;
    inFlight = true;
    sent = value;
    send(value).then(
      () => {
        inFlight = false;
        if (!disposed && timer === null) flush();
      },
      (error: unknown) => {
        inFlight = false;
        sent = null;
        if (disposed) return;
        if (timer !== null) clearTimeout(timer);
        timer = null;
        show(null);
        onError(error);
      },
    );
  };

  return {
    press(delta, polled) {
      show(clampVolume((chosen ?? polled) + delta));
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(flush, COALESCE_MS);
    },
    settle(polled) {
      if (chosen === null || inFlight || timer !== null || chosen !== sent) return;
      if (polled === chosen) {
        sent = null;
        show(null);
      }
    },
    shown: () => chosen,
    dispose() {
      disposed = true;
      if (timer !== null) clearTimeout(timer);
    },
  };
}
