/**
 * The running dashboard as the status socket sees it: the playback it shows, and its command path. Filled
 * from inside the React tree through a PlaybackLink (src/ui/hooks/use-playback-link.ts).
 */
import { isApiError } from '../api/errors.js';
import type { PlaybackState } from '../api/types.js';
import type { Api } from '../api/api.js';
import type { LinkedPlayback, PlaybackLink, PlayingAdder } from '../ui/hooks/use-playback-link.js';
import { planPlayerCommand, type PlayerCommand } from './player-command.js';

export type CommandOutcome = { ok: true } | { ok: false; reason: string };

export interface PlayerBridge {
  /** The playback as the dashboard has it; null before its first answer. */
  snapshot(): { playback: PlaybackState | null; receivedAt: number } | null;
  run(command: PlayerCommand): Promise<CommandOutcome>;
  /** `playdeck add [--to NAME]`: what plays, added by the dashboard (journaled and saved as `A` is). */
  add?(to: string | null): Promise<{ ok: true; said: string } | { ok: false; reason: string }>;
}

/**
 * A bridge for a dashboard whose client is `api`. Commands go through the dashboard's own path, so its
 * screen shows them at once; the volume, which the dashboard has no command for, is sent with `api`.
 */
export function createDashboardBridge(api: Api, now: () => number = Date.now): PlayerBridge & PlaybackLink {
  let linked: LinkedPlayback | null = null;
  let adder: PlayingAdder | null = null;
  /** A volume set from here, shown until the dashboard's next answer says what it is. */
  let volumeSet: { percent: number; over: PlaybackState } | null = null;

  const current = (): { playback: PlaybackState | null; receivedAt: number } | null => {
    if (linked === null || linked.playback === undefined) return null;
    const { playback, receivedAt } = linked;
    if (playback === null || volumeSet?.over !== playback) return { playback, receivedAt };
    return { playback: { ...playback, device: { ...playback.device, volume_percent: volumeSet.percent } }, receivedAt };
  };

  return {
    update(next) {
      linked = next;
    },
    setAdder(next) {
      adder = next;
    },
    add: (to) => (adder === null ? Promise.resolve({ ok: false, reason: 'the dashboard is not ready to add yet' }) : adder(to)),
    snapshot: current,
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
      if (linked.playback) volumeSet = { percent: plan.volume, over: linked.playback };
      return { ok: true };
    },
  };
}
