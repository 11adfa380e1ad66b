import type { Api } from '../api/api.js';
import type { PlaybackCommand } from '../keys/actions.js';
import type { PlaybackState, PlayerAction, RepeatState } from '../api/types.js';
import { interpolateProgress } from './state/progress.js';

/**
 * What a playback key asks for, checked against the `actions` the service permits: a refused command
 * says why and sends nothing; an accepted one comes with the state to show at once and the request.
 */

export type { PlaybackCommand };

export type CommandPlan =
  | { refusal: string }
  | {
      /** The state to show until the next poll tells the truth (its progress is as of `now`). */
      optimistic: PlaybackState;
      send(api: Api, signal: AbortSignal): Promise<void>;
      /** For the status line when the request fails: "couldn't <verb>". */
      verb: string;
    };

const NEXT_REPEAT: Record<RepeatState, RepeatState> = { off: 'context', context: 'track', track: 'off' };

/** Where the playback stands at `now`, as a snapshot received at `now`. */
function positionedAt(state: PlaybackState, receivedAt: number, now: number): PlaybackState {
  const durationMs = state.item?.duration_ms ?? 0;
  const progressMs = interpolateProgress(
    { progressMs: state.progress_ms, durationMs, isPlaying: state.is_playing, receivedAt },
    now,
  );
  return { ...state, progress_ms: Math.round(progressMs) };
}

/** The action a command needs, its refusal text, and what it does. */
function describe(state: PlaybackState, command: PlaybackCommand, at: PlaybackState) {
  switch (command.type) {
    case 'togglePlay':
      return state.is_playing
        ? { action: 'pausing' as const, refusal: "can't pause: not allowed now", verb: 'pause',
            next: { ...at, is_playing: false }, send: (api: Api, signal: AbortSignal) => api.pause({ signal }) }
        : { action: 'resuming' as const, refusal: "can't resume: not allowed now", verb: 'resume',
            next: { ...at, is_playing: true }, send: (api: Api, signal: AbortSignal) => api.play({ signal }) };
    case 'next':
      return { action: 'skipping_next' as const, refusal: "can't skip: nothing next", verb: 'skip',
        next: { ...at, progress_ms: 0 }, send: (api: Api, signal: AbortSignal) => api.next({ signal }) };
    case 'previous':
      return { action: 'skipping_prev' as const, refusal: "can't go back: nothing before", verb: 'go back',
        next: { ...at, progress_ms: 0 }, send: (api: Api, signal: AbortSignal) => api.previous({ signal }) };
    case 'seekBy': {
      const duration = at.item?.duration_ms ?? 0;
      const target = Math.max(0, Math.min(duration, at.progress_ms + command.deltaMs));
      return { action: 'seeking' as const, refusal: "can't seek: not allowed for this item", verb: 'seek',
        next: { ...at, progress_ms: target }, send: (api: Api, signal: AbortSignal) => api.seek(target, { signal }) };
    }
    case 'toggleShuffle': {
      const shuffle = !state.shuffle_state;
      return { action: 'toggling_shuffle' as const, refusal: "can't change shuffle: not allowed now",
        verb: 'change shuffle', next: { ...at, shuffle_state: shuffle },
        send: (api: Api, signal: AbortSignal) => api.setShuffle(shuffle, { signal }) };
    }
    case 'cycleRepeat': {
      const repeat = NEXT_REPEAT[state.repeat_state];
      const action: PlayerAction = repeat === 'track' ? 'toggling_repeat_track' : 'toggling_repeat_context';
      return { action, refusal: "can't change repeat: not allowed now", verb: 'change repeat',
        next: { ...at, repeat_state: repeat }, send: (api: Api, signal: AbortSignal) => api.setRepeat(repeat, { signal }) };
    }
  }
}

export function planCommand(
  state: PlaybackState | null | undefined,
  receivedAt: number,
  command: PlaybackCommand,
  now: number,
): CommandPlan {
  if (!state) return { refusal: 'nothing is playing' };
  const plan = describe(state, command, positionedAt(state, receivedAt, now));
  if (!state.actions[plan.action]) return { refusal: plan.refusal };
  return { optimistic: { ...plan.next, timestamp: now }, send: plan.send, verb: plan.verb };
}

/** The controls the service does not permit right now, named as the Now playing pane lists them. */
export function unavailableControls(state: PlaybackState): string[] {
  const { actions } = state;
  const controls: [string, boolean][] = [
    [state.is_playing ? 'pause' : 'resume', state.is_playing ? actions.pausing : actions.resuming],
    ['next', actions.skipping_next],
    ['previous', actions.skipping_prev],
    ['seek', actions.seeking],
    ['shuffle', actions.toggling_shuffle],
    ['repeat', actions.toggling_repeat_context || actions.toggling_repeat_track],
  ];
  return controls.filter(([, isAllowed]) => !isAllowed).map(([name]) => name);
}
