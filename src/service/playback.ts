import {
  actionsOf,
  applyCommand,
  catchUp,
  progressAt,
  type PlayerCommand,
  type PlayerContext,
  type PlayerState,
} from './player.js';
import { initialPlayerState } from './player-start.js';
import { lasting, PlayerDurations } from './player-durations.js';
import { DEMO_DEVICES, firstDevice, type DeviceList } from './devices.js';
import { movedTo } from './player-moved.js';
import { permute } from './player-order.js';
import { contextUriOf, playingItem, type ContextItem, type PlayContext, type PlayContexts } from './play-context.js';
import type { HistoryTracker } from './history-tracker.js';
import type { PlayerMoment, ResumeTracker } from './resume-tracker.js';
import type { PlayerStore } from './store/player-store.js';
import type { Playlist, PlaylistStore } from './store/playlists.js';
import type { ResumeStore } from './store/resume-points.js';

/** The player's state caught up to now, with what it plays and the item at its position. */
export interface Playback {
  state: PlayerState;
  context: PlayContext | null;
  index: number;
  progressMs: number;
}

/** What Start/Resume Playback starts (checked by the route): a context or a list of uris, or nothing (resume). */
export type PlayRequest =
  | { kind: 'resume' }
  | { kind: 'context'; context: PlayContext; offset: number; positionMs?: number }
  | { kind: 'uris'; uris: string[]; offset: number; positionMs?: number };

export type CommandOutcome = { ok: true } | { ok: false; reason: string } | null;


/**
 * Runs each user's player (player.ts, a pure clock) against the stored state: catches up on every read
 * and command, writes the state back only when it changed, and shows every change to the resume tracker.
 */
export class PlaybackService {
  constructor(
    private readonly players: PlayerStore,
    private readonly playlists: PlaylistStore,
    private readonly contexts: PlayContexts,
    private readonly resume: ResumeStore,
    readonly tracker: ResumeTracker,
    private readonly history: HistoryTracker,
  ) {
    this.durations = new PlayerDurations(contexts);
  }

  /** The durations the clock counts (the sound engine has its say there while it plays). */
  readonly durations: PlayerDurations;
  /** The devices the player plays on: the demo's, or the sound engine's outputs while it plays. */
  devices: DeviceList = DEMO_DEVICES;

  /** Hears the user of each player written, once written (null: all of them read again); returns the way to stop. */
  watch(listener: (userId: string | null) => void): () => void {
    return this.players.watch(listener);
  }

  /** Shows a change of the user's player to what follows it: the resume points and the history. */
  private observe(userId: string, before: PlayerMoment | null, after: PlayerMoment, now: number): void {
    this.tracker.observe(userId, before, after, now);
    this.history.observe(userId, before, after, now);
  }

  /** Starts a user with no player yet playing their first listed playlist (decisions §8: the demo user). */
  startIfIdle(userId: string, now: number): void {
    if (this.players.load(userId)) return;
    const playlistId = this.playlists.listedBy(userId)[0];
    const playlist = playlistId ? this.playlists.get(playlistId) : null;
    if (!playlist) return;
    this.players.save(userId, initialPlayerState({ contextUri: contextUriOf('playlist', playlist.id), length: playlist.order.length, now }));
  }

  /** The user's playback now, or null when the user has no active device. */
  current(userId: string, now: number): Playback | null {
    const stored = this.players.load(userId);
    if (!stored) return null;
    const playback = this.at(stored, now);
    const { state, context } = playback;
    if (state !== stored && JSON.stringify(state) !== JSON.stringify(stored)) this.players.save(userId, state);
    this.observe(userId, { state: stored, context }, { state, context }, now);
    return playback;
  }

  /** The user's playback now as `current` tells it, writing nothing: for a reader of the file that is not its service. */
  peek(userId: string, now: number): Playback | null {
    const stored = this.players.load(userId);
    return stored ? this.at(stored, now) : null;
  }

  /** Forgets the players it knows: another process wrote them (a command run while no service ran). */
  reread(): void {
    this.players.forget();
  }

  private at(stored: PlayerState, now: number): Playback {
    const context = this.contexts.resolve(stored.contextUri, stored.uris);
    const state = this.caughtUp(stored, now, context);
    return { state, context, index: state.index, progressMs: progressAt(state, now) };
  }

  /** Catches every player up to `now`, which writes the resume points that are due. */
  tick(now: number): void {
    for (const userId of this.players.userIds()) this.current(userId, now);
  }

  /** The item playing, or null. */
  itemOf(playback: Playback): ContextItem | null {
    return playingItem(playback.state, playback.context);
  }

  /** Applies a command; the refusal reason when `actions` does not permit it. */
  command(userId: string, command: PlayerCommand, now: number): CommandOutcome {
    const playback = this.current(userId, now);
    if (!playback) return null;
    const { state } = playback;
    if (command.kind === 'next' && state.queue?.length && state.index >= 0) {
      this.commit(userId, playback, this.startQueued(state, now), now);
      return { ok: true };
    }
    const result = applyCommand(state, command, now, this.durations.of(playback.context, state));
    if (!result.ok) return result;
    const moved = result.state.index !== state.index || (command.kind === 'next' && state.queued !== undefined);
    this.commit(userId, playback, moved ? this.leftQueued(result.state, playback.context) : result.state, now);
    return { ok: true };
  }

  /**
   * The item playing ended now, `positionMs` into it (its sound ended, or it has none): the player goes on as the
   * clock goes on at an item's end (the queue, the order, repeat), what follows from `startsAt` (the end still to
   * be heard for a moment). `write` false only tells what follows.
   */
  ended(userId: string, positionMs: number, now: number, startsAt = now, write = true): Playback | null {
    const playback = this.current(userId, now);
    if (!playback || playback.state.index < 0) return null;
    const length = Math.max(0, Math.floor(positionMs));
    // Anchored so that the item has played `length` now: the trackers see it reach its end.
    const ending: PlayerState = { ...playback.state, isPlaying: true, durationMs: length, progressMs: 0, changedAt: now - length };
    let state = this.caughtUp(ending, now, playback.context, length);
    if (startsAt > now && state.changedAt === now) state = { ...state, changedAt: startsAt };
    if (write) this.commit(userId, { ...playback, state: ending }, state, now);
    return { state, context: playback.context, index: state.index, progressMs: progressAt(state, now) };
  }

  /** Replaces the user's state as it is now (transfer, volume, queue), showing the change to the tracker. */
  update(userId: string, change: (state: PlayerState, playback: Playback) => PlayerState, now: number): boolean {
    const playback = this.current(userId, now);
    if (!playback) return false;
    this.commit(userId, playback, change(playback.state, playback), now);
    return true;
  }

  /**
   * The state caught up to `now`, playing the items added to the queue at the ends of items; `endedMs`: the
   * item playing lasts that long (its sound ended there).
   */
  private caughtUp(stored: PlayerState, now: number, context: PlayContext | null, endedMs?: number): PlayerState {
    let state = stored;
    // Each pass starts one added item; the queue is bounded, so this ends.
    for (;;) {
      const clock = state === stored && endedMs !== undefined ? lasting(this.durations.of(context, state), state.index, endedMs) : this.durations.of(context, state);
      const isRunning = state.isPlaying && state.index >= 0 && state.repeat !== 'track';
      const endsAt = state.changedAt + Math.max(0, clock.durationAt(state.index) - state.progressMs);
      if (!isRunning || endsAt > now) return catchUp(state, now, clock);
      if (state.queue?.length) state = this.startQueued(state, endsAt);
      else if (state.queued) {
        // The added item ended: the context goes on as if its own item had just ended.
        const durationMs = this.durations.of(context).durationAt(state.index);
        state = { ...state, queued: undefined, durationMs, progressMs: durationMs, changedAt: endsAt };
      } else return catchUp(state, now, clock);
    }
  }

  private startQueued(state: PlayerState, at: number): PlayerState {
    const [queued, ...queue] = state.queue!;
    const durationMs = this.contexts.durationOf(playingItem({ index: 0, queued }, null));
    return { ...state, queue, queued, durationMs, progressMs: 0, changedAt: at };
  }

  /** After the player moved off the added item: the context's own durations again. */
  private leftQueued(state: PlayerState, context: PlayContext | null): PlayerState {
    if (state.queued === undefined) return state;
    return catchUp({ ...state, queued: undefined }, state.changedAt, this.durations.of(context));
  }

  /** Replaces the user's state (after a command), showing the change to the resume tracker. */
  commit(userId: string, before: Playback, state: PlayerState, now: number, context: PlayContext | null = before.context): void {
    this.players.save(userId, state);
    this.observe(userId, { state: before.state, context: before.context }, { state, context }, now);
  }

  /**
   * Keeps every player of a changed playlist on the item it was playing (the clock works by index): the
   * entry moves to its new position; when it is gone, the item now at that position starts from 0.
   */
  playlistChanged(before: Playlist, after: Playlist, now: number): void {
    const uri = contextUriOf('playlist', before.id);
    for (const userId of this.players.userIds()) {
      const stored = this.players.load(userId);
      if (!stored || stored.contextUri !== uri) continue;
      const state = catchUp(stored, now, this.durations.of(this.contexts.ofPlaylist(before), stored));
      if (state.index < 0) continue;
      const moved = movedTo(state, after.order.indexOf(before.order[state.index]!), after.order.length, now);
      this.players.save(userId, catchUp(moved, now, this.durations.of(this.contexts.ofPlaylist(after), moved)));
    }
  }

  /** Whether the user's player plays the context named by `uri` (a change to it must keep its place: `contextChanged`). */
  plays(userId: string, uri: string): boolean {
    return this.players.load(userId)?.contextUri === uri;
  }

  /**
   * Keeps the user's player on the track it plays when the list it plays changes by itself (liked songs:
   * a new like comes first and moves every other down); when the track is gone, the one now at its place
   * starts from 0.
   */
  contextChanged(userId: string, before: PlayContext, after: PlayContext, now: number): void {
    const stored = this.players.load(userId);
    if (!stored || !before.type || !before.id || stored.contextUri !== contextUriOf(before.type, before.id)) return;
    const state = catchUp(stored, now, this.durations.of(before, stored));
    if (state.index < 0) return;
    const playing = before.itemAt(state.index);
    let newIndex = -1;
    for (let index = 0; index < after.length && newIndex < 0; index++) {
      const item = after.itemAt(index);
      if (item?.id === playing?.id && item?.type === playing?.type) newIndex = index;
    }
    const moved = movedTo(state, newIndex, after.length, now);
    this.players.save(userId, catchUp(moved, now, this.durations.of(after, moved)));
  }

  /**
   * Play: resume, or start a context or a list of uris at an offset. With no `positionMs`, an episode or
   * chapter starts at the user's resume point (its start when fully played). Null when there is nothing
   * to resume (no active device).
   */
  play(userId: string, request: PlayRequest, now: number): CommandOutcome {
    if (request.kind === 'resume') return this.command(userId, { kind: 'play' }, now);
    const before = this.current(userId, now);
    const context = request.kind === 'context' ? request.context : this.contexts.ofUris(request.uris);
    const contextUri = context.type && context.id ? contextUriOf(context.type, context.id) : null;
    const started = initialPlayerState({
      contextUri: contextUri ?? `uris:${request.kind === 'uris' ? request.uris.join(',') : ''}`,
      length: context.length,
      now,
      // A first start plays on the first device listed: a sound engine's output, not the demo's web player.
      ...(before ? { device: before.state.device } : firstDevice(this.devices)),
    });
    let state: PlayerState = { ...started, contextUri, ...(request.kind === 'uris' ? { uris: request.uris } : {}) };
    // The user's queue and device volumes are the player's, not the context's.
    if (before?.state.queue) state.queue = before.state.queue;
    if (before?.state.volumes) state.volumes = before.state.volumes;
    if (state.index >= 0) state.index = request.offset;
    if (before) {
      // Shuffle and repeat are the player's settings: a new context keeps them, its shuffled cycle starting
      // with the item asked for.
      state.repeat = before.state.repeat;
      state.shuffle = before.state.shuffle;
      if (state.shuffle && state.index >= 0) state.shuffleStart = permute(state.shuffleSeed, context.length, state.index, true);
    }
    state = catchUp(state, now, context.clock);
    const positionMs = request.positionMs ?? this.resumePositionOf(userId, context.itemAt(request.offset));
    if (positionMs > 0 && state.index >= 0) {
      const seeked = applyCommand(state, { kind: 'seek', positionMs }, now, context.clock);
      if (seeked.ok) state = seeked.state;
    }
    if (before) this.commit(userId, before, state, now, context);
    else {
      this.players.save(userId, state);
      this.observe(userId, null, { state, context }, now);
    }
    return { ok: true };
  }

  /** Where an episode or chapter starts when no position is given: its resume point, 0 when fully played. */
  private resumePositionOf(userId: string, item: ContextItem | null): number {
    if (item?.type !== 'episode' && item?.type !== 'chapter') return 0;
    const point = this.resume.get(userId, item.id);
    return point.fully_played ? 0 : point.resume_position_ms;
  }

  actions(playback: Playback): Record<string, boolean> {
    return actionsOf(playback.state, this.durations.of(playback.context, playback.state));
  }
}
