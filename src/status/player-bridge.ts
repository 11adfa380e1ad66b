/**
 * The running dashboard as the status socket and the desktop see it: the playback it shows, its command path
 * and its sleep timer. Filled from inside the React tree through a PlaybackLink (src/ui/hooks/use-playback-link.ts).
 */
import { isApiError } from '../api/errors.js';
import type { PlaybackState } from '../api/types.js';
import type { Api } from '../api/api.js';
import type { LinkedPlayback, PlaybackLink, PlayingAdder } from '../ui/hooks/use-playback-link.js';
import type { SleepOutcome } from '../ui/hooks/use-sleep-timer.js';
import type { SleepRequest, SleepTimer } from '../ui/state/sleep-timer.js';
import { planPlayerCommand, type PlayerCommand } from './player-command.js';

export type CommandOutcome = { ok: true } | { ok: false; reason: string };

export interface PlayerSnapshot {
  playback: PlaybackState | null;
  /** When the dashboard received `playback`, epoch ms. */
  receivedAt: number;
}

export interface PlayerBridge {
  /** The playback as the dashboard has it; null before its first answer. */
  snapshot(): PlayerSnapshot | null;
  run(command: PlayerCommand): Promise<CommandOutcome>;
  /** `playdeck add [--to NAME]`: what plays, added by the dashboard (journaled and saved as `A` is). */
  add?(to: string | null): Promise<{ ok: true; said: string } | { ok: false; reason: string }>;
  /** Calls `listener` after each change of the snapshot; the returned function stops it. */
  subscribe?(listener: () => void): () => void;
  /** Sets or turns off the dashboard's sleep timer. */
  sleep?(request: SleepRequest): SleepOutcome;
}

/** The bridge a dashboard makes: a link for its tree, and the playback with its commands for the rest. */
export type DashboardBridge = PlayerBridge & PlaybackLink & Required<Pick<PlayerBridge, 'subscribe' | 'sleep'>> & {
  /** The sleep timer that runs, if any (said when the dashboard quits: it does not outlive it). */
  sleepTimer(): SleepTimer | null;
};

/**
 * A bridge for a dashboard whose client is `api`. Commands go through the dashboard's own path, so its
 * screen shows them at once; the volume, which the dashboard has no command for, is sent with `api`.
 */
export function createDashboardBridge(api: Api, now: () => number = Date.now): DashboardBridge {
  let linked: LinkedPlayback | null = null;
  let adder: PlayingAdder | null = null;
  /** A volume set from here, shown until the dashboard's next answer says what it is. */
  let volumeSet: { percent: number; over: PlaybackState } | null = null;
  const listeners = new Set<() => void>();
  const changed = (): void => {
    for (const listener of [...listeners]) listener();
  };

  const current = (): PlayerSnapshot | null => {
    if (linked === null || linked.playback === undefined) return null;
    const { playback, receivedAt } = linked;
    if (playback === null || volumeSet?.over !== playback) return { playback, receivedAt };
    return { playback: { ...playback, device: { ...playback.device, volume_percent: volumeSet.percent } }, receivedAt };
  };

  return {
    update(next) {
      const before = linked;
      linked = next;
      if (before === null || before.playback !== next.playback || before.receivedAt !== next.receivedAt) changed();
    },
    setAdder(next) {
      adder = next;
    },
    add: (to) => (adder === null ? Promise.resolve({ ok: false, reason: 'the dashboard is not ready to add yet' }) : adder(to)),
    snapshot: current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    sleep(request) {
      if (linked?.sleep === undefined) return { ok: false, reason: 'the dashboard has not started yet' };
      return linked.sleep.set(request);
    },
    sleepTimer: () => linked?.sleep?.timer ?? null,
    async run(command) {
      const shown = current();
      if (linked === null || shown === null) return { ok: false, reason: 'the dashboard has not heard from the player yet' };
      const plan = planPlayerCommand(command, shown.playback, shown.receivedAt, now());
      if ('refusal' in plan) return { ok: false, reason: plan.refusal };
      if ('steps' in plan) {
        for (const step of plan.steps) linked.run(step.command);
        return { ok: true };
      }
      try {
        await api.setVolume(plan.volume);
      } catch (error) {
        const reason = isApiError(error) ? (error.details.reason ?? error.message) : String(error);
        return { ok: false, reason: `couldn't change the volume: ${reason}` };
      }
      if (linked.playback) {
        volumeSet = { percent: plan.volume, over: linked.playback };
        changed();
      }
      return { ok: true };
    },
  };
}
