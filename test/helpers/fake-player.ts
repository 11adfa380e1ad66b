import { ApiError } from '../../src/api/errors.js';
import type {
  Device,
  PlayableItem,
  PlaybackState,
  PlayerAction,
  PlayerActions,
  RepeatState,
} from '../../src/api/types.js';

/**
 * The player of the fake API. Its clock is the test's: the position moves only on `advance(ms)` (and
 * commands), so a state stays the same object until something changes it, as a 304 would keep it.
 * Shuffle is recorded but does not reorder the queue, so that `next` stays predictable.
 */

export const FAKE_DEVICE: Device = {
  id: 'device-1', name: 'Study speaker', type: 'Speaker', volume_percent: 64, is_active: true,
  is_private_session: false, is_restricted: false, supports_volume: true,
};

export type PlaybackPatch = Partial<Omit<PlaybackState, 'actions'>> & { actions?: Partial<PlayerActions> };

/** Going back within this much of the start goes to the previous item; later, it restarts the current one. */
const RESTART_THRESHOLD_MS = 3_000;

export class FakePlayer {
  private state: PlaybackState | null;
  private index = 0;
  /** Actions a test fixed with `update`; they win over the ones derived from the state. */
  private pinnedActions: Partial<PlayerActions> = {};
  /** Items added to the queue: they play before the rest of the context, in the order added. */
  private added: PlayableItem[] = [];

  constructor(
    private queue: PlayableItem[],
    private readonly contextUri: string,
  ) {
    this.state = this.derive({ ...this.initialWithoutActions(), progress_ms: 30_000, is_playing: true });
  }

  current(): PlaybackState | null {
    return this.state;
  }

  /** Takes the state as given (null: nothing playing, the 204 case). */
  set(state: PlaybackState | null): void {
    this.pinnedActions = {};
    this.state = state;
    const itemIndex = this.queue.findIndex((item) => item.id === state?.item?.id);
    if (itemIndex >= 0) this.index = itemIndex;
  }

  update(patch: PlaybackPatch): void {
    const { actions, ...fields } = patch;
    if (actions) this.pinnedActions = { ...this.pinnedActions, ...actions };
    const base = this.state ?? this.derive({ ...this.initialWithoutActions(), is_playing: false });
    this.state = this.derive({ ...base, ...fields, timestamp: Date.now() });
  }

  /** Moves the position as `ms` of playing would, on to the next items of the queue at their ends. */
  advance(ms: number): void {
    const state = this.state;
    if (!state?.is_playing || !state.item) return;
    let position = state.progress_ms + ms;
    let item = state.item;
    let isPlaying = true;
    while (position >= item.duration_ms) {
      position -= item.duration_ms;
      if (state.repeat_state === 'track') continue;
      const queued = this.added.shift();
      if (queued) {
        item = queued;
        continue;
      }
      if (this.index === this.queue.length - 1 && state.repeat_state === 'off') {
        this.index = 0;
        position = 0;
        isPlaying = false;
        item = this.queue[0]!;
        break;
      }
      this.index = (this.index + 1) % this.queue.length;
      item = this.queue[this.index]!;
    }
    const changedItem = item !== state.item;
    this.state = this.derive({
      ...state, item, progress_ms: position, is_playing: isPlaying,
      timestamp: changedItem || !isPlaying ? Date.now() : state.timestamp,
    });
  }

  /** Start Playback with a body: a new queue and context, playing from `index` at `positionMs`. */
  start(queue: PlayableItem[], context: PlaybackState['context'], index: number, positionMs: number): void {
    this.queue = queue;
    this.index = index;
    const base = this.state ?? this.derive({ ...this.initialWithoutActions(), is_playing: false });
    this.state = this.derive({
      ...base, context, item: queue[index]!, progress_ms: positionMs, is_playing: true, timestamp: Date.now(),
    });
  }

  play(): void {
    const state = this.command('resuming', 'ALREADY_PLAYING');
    this.state = this.derive({ ...state, is_playing: true, timestamp: Date.now() });
  }

  pause(): void {
    const state = this.command('pausing', 'ALREADY_PAUSED');
    this.state = this.derive({ ...state, is_playing: false, timestamp: Date.now() });
  }

  next(): void {
    const state = this.command('skipping_next', 'NO_NEXT_TRACK');
    const queued = this.added.shift();
    if (!queued) this.index = (this.index + 1) % this.queue.length;
    this.state = this.derive({ ...state, item: queued ?? this.queue[this.index]!, progress_ms: 0, timestamp: Date.now() });
  }

  previous(): void {
    const state = this.command('skipping_prev', 'NO_PREV_TRACK');
    if (state.progress_ms <= RESTART_THRESHOLD_MS && this.index > 0) this.index--;
    this.state = this.derive({ ...state, item: this.queue[this.index]!, progress_ms: 0, timestamp: Date.now() });
  }

  seek(positionMs: number): void {
    const state = this.command('seeking', 'UNKNOWN');
    if (!Number.isInteger(positionMs) || positionMs < 0) {
      throw new ApiError('bad-request', 'Invalid position_ms', { status: 400 });
    }
    const duration = state.item?.duration_ms ?? 0;
    this.state = this.derive({ ...state, progress_ms: Math.min(positionMs, duration), timestamp: Date.now() });
  }

  setShuffle(isOn: boolean): void {
    const state = this.command('toggling_shuffle', 'UNKNOWN');
    this.state = this.derive({ ...state, shuffle_state: isOn, timestamp: Date.now() });
  }

  setRepeat(repeat: RepeatState): void {
    const state = this.command(repeat === 'track' ? 'toggling_repeat_track' : 'toggling_repeat_context', 'UNKNOWN');
    this.state = this.derive({ ...state, repeat_state: repeat, timestamp: Date.now() });
  }

  setVolume(percent: number): void {
    const state = this.command('seeking', 'UNKNOWN');
    if (!state.device.supports_volume) {
      throw new ApiError('forbidden', 'Player command failed: Cannot control device volume', { status: 403, reason: 'VOLUME_CONTROL_DISALLOW' });
    }
    this.state = this.derive({ ...state, device: { ...state.device, volume_percent: percent } });
  }

  /** Plays on `device` from now on (its volume and name show in the state). */
  moveTo(device: Device, play: boolean | undefined): void {
    const state = this.command('transferring_playback', 'UNKNOWN');
    this.state = this.derive({ ...state, device, is_playing: play ?? state.is_playing, timestamp: Date.now() });
  }

  addToQueue(item: PlayableItem): void {
    this.command('seeking', 'UNKNOWN');
    this.added.push(item);
  }

  /** The added items, then the rest of the context (wrapping with repeat all), at most 20. */
  upNext(): PlayableItem[] {
    const state = this.state;
    if (!state) return [];
    const rest = this.queue.slice(this.index + 1);
    const wrapped = state.repeat_state === 'context' ? [...rest, ...this.queue.slice(0, this.index + 1)] : rest;
    return [...this.added, ...wrapped].slice(0, 20);
  }

  private command(action: PlayerAction, reason: string): PlaybackState {
    const state = this.state;
    if (!state) throw new ApiError('not-found', 'Player command failed: No active device found', { status: 404 });
    if (!state.actions[action]) {
      throw new ApiError('forbidden', 'Player command failed: Restriction violated', { status: 403, reason });
    }
    return state;
  }

  private initialWithoutActions(): Omit<PlaybackState, 'actions'> {
    return {
      device: FAKE_DEVICE, repeat_state: 'off', shuffle_state: false,
      context: { type: 'playlist', uri: this.contextUri, href: null }, timestamp: Date.now(), progress_ms: 0,
      is_playing: false, item: this.queue[this.index] ?? null, currently_playing_type: 'track',
    };
  }

  private derive(state: Omit<PlaybackState, 'actions'> & { actions?: PlayerActions }): PlaybackState {
    const hasNext = this.index < this.queue.length - 1 || state.repeat_state !== 'off';
    const actions: PlayerActions = {
      interrupting_playback: true, pausing: state.is_playing, resuming: !state.is_playing, seeking: true,
      skipping_next: hasNext, skipping_prev: true, toggling_repeat_context: true, toggling_shuffle: true,
      toggling_repeat_track: true, transferring_playback: true, ...this.pinnedActions,
    };
    const type = state.item?.type === 'chapter' ? 'episode' : (state.item?.type ?? 'track');
    return { ...state, currently_playing_type: type, actions };
  }
}
