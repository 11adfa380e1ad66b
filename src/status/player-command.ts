/**
 * The player commands of the command line (`playdeck next`, `seek +10`, `volume 40`...): read from the words
 * typed, then planned against the player's state with the dashboard's own planner (playback-commands.ts), so
 * a refusal reads as it does on the dashboard, whichever of the two ends up sending the command.
 */
import type { PlaybackState, RepeatState } from '../api/types.js';
import { planCommand, type PlaybackCommand } from '../ui/playback-commands.js';
import { interpolateProgress } from '../ui/state/progress.js';

export type PlayerCommand =
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'toggle' }
  | { type: 'next' }
  | { type: 'prev' }
  /** By `ms` from where it is, or to `ms`. */
  | { type: 'seek'; relative: boolean; ms: number }
  /** By `percent` points, or to `percent`. */
  | { type: 'volume'; relative: boolean; percent: number }
  | { type: 'shuffle'; on: boolean }
  | { type: 'repeat'; state: RepeatState };

/** The words cannot make a command: one line for stderr, exit code 2. */
export class CommandUsageError extends Error {
  override readonly name = 'CommandUsageError';
}

const TIME = /^([+-])?(?:(\d{1,3}):)?(?:(\d{1,3}):)?(\d{1,6})$/;

/** `+10`, `-10` (seconds from here), `90`, `1:30`, `1:02:03` (a position); null when unreadable. */
function readSeek(word: string): { relative: boolean; ms: number } | null {
  const match = TIME.exec(word);
  if (!match) return null;
  const [, sign, first, second, last] = match;
  // `1:30` puts the 1 in the first group; `1:02:03` uses both.
  const [hours, minutes] = second === undefined ? [0, Number(first ?? 0)] : [Number(first), Number(second)];
  const seconds = Number(last);
  if ((first !== undefined && seconds >= 60) || (second !== undefined && minutes >= 60)) return null;
  const ms = ((hours * 60 + minutes) * 60 + seconds) * 1000;
  return { relative: sign !== undefined, ms: sign === '-' ? -ms : ms };
}

const USAGE: Record<string, string> = {
  seek: 'seek needs +SECONDS, -SECONDS or a position such as 1:30',
  volume: 'volume needs a percent from 0 to 100, or +N / -N',
  shuffle: 'shuffle needs on or off',
  repeat: 'repeat needs off, track or context',
};

/** The command named by `name` with its one argument (if it takes one). Throws CommandUsageError. */
export function parsePlayerCommand(name: string, argument: string | undefined): PlayerCommand {
  const takesArgument = name in USAGE;
  if (!takesArgument && argument !== undefined) throw new CommandUsageError(`${name} takes no argument, not "${argument}"`);
  if (takesArgument && argument === undefined) throw new CommandUsageError(USAGE[name]!);
  switch (name) {
    case 'play':
    case 'pause':
    case 'toggle':
    case 'next':
    case 'prev':
      return { type: name };
    case 'seek': {
      const seek = readSeek(argument!);
      if (!seek) throw new CommandUsageError(`${USAGE.seek}, not "${argument}"`);
      return { type: 'seek', ...seek };
    }
    case 'volume': {
      const match = /^([+-])?(\d{1,3})$/.exec(argument!);
      const amount = match ? Number(match[2]) : NaN;
      if (!match || amount > 100) throw new CommandUsageError(`${USAGE.volume}, not "${argument}"`);
      return { type: 'volume', relative: match[1] !== undefined, percent: match[1] === '-' ? -amount : amount };
    }
    case 'shuffle':
      if (argument !== 'on' && argument !== 'off') throw new CommandUsageError(`${USAGE.shuffle}, not "${argument}"`);
      return { type: 'shuffle', on: argument === 'on' };
    case 'repeat':
      if (argument !== 'off' && argument !== 'track' && argument !== 'context') {
        throw new CommandUsageError(`${USAGE.repeat}, not "${argument}"`);
      }
      return { type: 'repeat', state: argument };
    default:
      throw new CommandUsageError(`unknown command "${name}"`);
  }
}

/** One request the dashboard's planner accepted: its command, what it sends, and the state to expect after. */
export interface PlannedStep {
  command: PlaybackCommand;
  send: Extract<ReturnType<typeof planCommand>, { send: unknown }>['send'];
  /** For "couldn't <verb>: reason" when the request fails. */
  verb: string;
}

export type CommandPlan =
  | { refusal: string }
  /** The steps in order; none when the player already is as asked (`play` while playing). */
  | { steps: PlannedStep[] }
  /** The volume to set, in percent (the dashboard has no volume command of its own). */
  | { volume: number };

const REPEAT_CYCLE: readonly RepeatState[] = ['off', 'context', 'track'];

/** The dashboard commands that make `command` happen from `state`. */
function dashboardCommands(command: Exclude<PlayerCommand, { type: 'volume' }>, state: PlaybackState, receivedAt: number, now: number): PlaybackCommand[] {
  switch (command.type) {
    case 'play':
      return state.is_playing ? [] : [{ type: 'togglePlay' }];
    case 'pause':
      return state.is_playing ? [{ type: 'togglePlay' }] : [];
    case 'toggle':
      return [{ type: 'togglePlay' }];
    case 'next':
      return [{ type: 'next' }];
    case 'prev':
      return [{ type: 'previous' }];
    case 'seek': {
      if (command.relative) return [{ type: 'seekBy', deltaMs: command.ms }];
      const durationMs = state.item?.duration_ms ?? 0;
      const at = interpolateProgress({ progressMs: state.progress_ms, durationMs, isPlaying: state.is_playing, receivedAt }, now);
      return [{ type: 'seekBy', deltaMs: command.ms - Math.round(at) }];
    }
    case 'shuffle':
      return state.shuffle_state === command.on ? [] : [{ type: 'toggleShuffle' }];
    case 'repeat': {
      // The dashboard cycles repeat off -> context -> track: as many steps as the target is ahead.
      const from = REPEAT_CYCLE.indexOf(state.repeat_state);
      const steps = (REPEAT_CYCLE.indexOf(command.state) - from + REPEAT_CYCLE.length) % REPEAT_CYCLE.length;
      return Array.from({ length: steps }, () => ({ type: 'cycleRepeat' as const }));
    }
  }
}

/** Plans `command` against `state` (received at `receivedAt`) at `now`, step by step as the dashboard would. */
export function planPlayerCommand(command: PlayerCommand, state: PlaybackState | null, receivedAt: number, now: number): CommandPlan {
  if (state === null) return { refusal: 'nothing is playing' };
  if (command.type === 'volume') {
    if (!state.device.supports_volume) return { refusal: "can't change the volume: this device does not support it" };
    const current = state.device.volume_percent;
    if (command.relative && current === null) return { refusal: "can't change the volume: the device does not say what it is" };
    return { volume: Math.min(100, Math.max(0, command.relative ? current! + command.percent : command.percent)) };
  }
  const steps: PlannedStep[] = [];
  let shown = state;
  let shownAt = receivedAt;
  for (const step of dashboardCommands(command, state, receivedAt, now)) {
    const plan = planCommand(shown, shownAt, step, now);
    if ('refusal' in plan) return { refusal: plan.refusal };
    steps.push({ command: step, send: plan.send, verb: plan.verb });
    shown = plan.optimistic;
    shownAt = now;
  }
  return { steps };
}
