import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PlaybackState } from '../../api/types.js';
import { planCommand } from '../playback-commands.js';
import { endPassed, timerFor, untilDue, type SleepRequest, type SleepTimer } from '../state/sleep-timer.js';
import type { PlaybackController } from './use-playback.js';

export type SleepOutcome = { ok: true; timer: SleepTimer | null } | { ok: false; reason: string };

/** The sleep timer as the dashboard holds it: what runs, and the one way to change it (`z`, `playdeck sleep`). */
export interface SleepControl {
  timer: SleepTimer | null;
  set(request: SleepRequest): SleepOutcome;
}

/**
 * A timer of a few hours is waited for in steps: a laptop that slept meanwhile does not count its sleep in a
 * timer's wait, and the wall clock is read again after each step.
 */
const LONGEST_WAIT_MS = 30_000;

/**
 * The sleep timer: pauses the player when it runs out, through the dashboard's own play/pause (its screen
 * shows it at once), and says so in the status line. Nothing renders while it runs: its time left is drawn
 * with the clock's seconds.
 */
export function useSleepTimer(playback: PlaybackController, onNotice: (message: string) => void): SleepControl {
  const [timer, setTimer] = useState<SleepTimer | null>(null);
  const latest = useRef({ playback, onNotice, timer });
  latest.current = { ...latest.current, playback, onNotice };
  const { data, receivedAt } = playback;
  const seen = useRef<{ data: PlaybackState | null | undefined; receivedAt: number }>({ data, receivedAt });

  const change = useCallback((next: SleepTimer | null) => {
    latest.current.timer = next; // a second request before the next render sees the first
    setTimer(next);
  }, []);

  const set = useCallback(
    (request: SleepRequest): SleepOutcome => {
      const next = timerFor(request, latest.current.playback.data, Date.now());
      if (next !== null && 'refusal' in next) return { ok: false, reason: next.refusal };
      change(next);
      return { ok: true, timer: next };
    },
    [change],
  );

  useEffect(() => {
    const before = seen.current;
    seen.current = { data, receivedAt };
    if (timer === null) return;
    const runOut = (): void => {
      change(null);
      const { playback: current, onNotice: notify } = latest.current;
      const now = Date.now();
      if (!current.data?.is_playing) return notify('sleep timer ran out: nothing was playing');
      const plan = planCommand(current.data, current.receivedAt, { type: 'togglePlay' }, now);
      if ('refusal' in plan) return notify(`sleep timer ran out, but ${plan.refusal}`);
      current.run({ type: 'togglePlay' });
      notify('sleep timer: paused');
    };
    if (timer.kind === 'end' && endPassed(before.data, before.receivedAt, data, Date.now())) {
      runOut();
      return;
    }
    let handle: ReturnType<typeof setTimeout> | undefined;
    const wait = (): void => {
      const left = untilDue(timer, data, receivedAt, Date.now());
      if (left === null) return;
      if (left === 0) return runOut();
      handle = setTimeout(wait, Math.min(left, LONGEST_WAIT_MS));
    };
    wait();
    return () => clearTimeout(handle);
  }, [timer, data, receivedAt, change]);

  return useMemo(() => ({ timer, set }), [timer, set]);
}
