import {
  actionsOf,
  applyCommand,
  catchUp,
  currentIndex,
  initialPlayerState,
  progressAt,
  type PlayerCommand,
  type PlayerContext,
  type PlayerState,
} from './player.js';
import { permute } from './player-order.js';
import type { CatalogStore } from './store/catalog.js';
import type { PlayerStore } from './store/player-store.js';
import type { Playlist, PlaylistStore } from './store/playlists.js';

/** The player's state caught up to now, with the playlist it plays and the entry at its position. */
export interface Playback {
  state: PlayerState;
  playlist: Playlist | null;
  index: number;
  progressMs: number;
}

/** Play a playlist (`playlistId`) from an item index and position; nothing set: resume. */
export interface PlayRequest {
  playlistId?: string;
  offset?: number;
  positionMs?: number;
}

const PLAYLIST_URI = /^[A-Za-z][A-Za-z0-9-]*:playlist:([0-9A-Za-z]{22})$/;

export function playlistIdOfUri(uri: string | null): string | null {
  return uri ? (PLAYLIST_URI.exec(uri)?.[1] ?? null) : null;
}

/**
 * Runs each user's player (player.ts, a pure clock) against the stored state: catches up on every read
 * and command, and writes the state back only when it changed.
 */
export class PlaybackService {
  // Durations per playlist version: the clock asks for them item by item.
  private readonly durations = new WeakMap<Playlist, Int32Array>();

  constructor(
    private readonly players: PlayerStore,
    private readonly playlists: PlaylistStore,
    private readonly catalog: CatalogStore,
  ) {}

  /** Starts a user with no player yet playing their first listed playlist (decisions §8: the demo user). */
  startIfIdle(userId: string, now: number): void {
    if (this.players.load(userId)) return;
    const playlistId = this.playlists.listedBy(userId)[0];
    if (playlistId) this.start(userId, playlistId, now);
  }

  /** Starts the user playing a playlist from its first item. */
  start(userId: string, playlistId: string, now: number): void {
    const playlist = this.playlists.get(playlistId);
    if (!playlist) return;
    const state = initialPlayerState({ contextUri: `playdeck:playlist:${playlistId}`, length: playlist.order.length, now });
    this.players.save(userId, state);
  }

  /** The user's playback now, or null when the user has no active device. */
  current(userId: string, now: number): Playback | null {
    const stored = this.players.load(userId);
    if (!stored) return null;
    const playlist = this.playlists.get(playlistIdOfUri(stored.contextUri) ?? '');
    const context = this.contextOf(playlist);
    const state = catchUp(stored, now, context);
    if (state !== stored && JSON.stringify(state) !== JSON.stringify(stored)) this.players.save(userId, state);
    return { state, playlist, index: currentIndex(state), progressMs: progressAt(state, now) };
  }

  /** Applies a command; the refusal reason when `actions` does not permit it. */
  command(userId: string, command: PlayerCommand, now: number): { ok: true } | { ok: false; reason: string } | null {
    const playback = this.current(userId, now);
    if (!playback) return null;
    const result = applyCommand(playback.state, command, now, this.contextOf(playback.playlist));
    if (!result.ok) return result;
    this.players.save(userId, result.state);
    return { ok: true };
  }

  /**
   * Keeps every player of a changed playlist on the item it was playing (the clock works by index): the
   * entry moves to its new position; when it is gone, the item now at that position starts from 0.
   */
  playlistChanged(before: Playlist, after: Playlist, now: number): void {
    for (const userId of this.players.userIds()) {
      const stored = this.players.load(userId);
      if (!stored || playlistIdOfUri(stored.contextUri) !== before.id) continue;
      const state = catchUp(stored, now, this.contextOf(before));
      if (state.index < 0) continue;
      const newIndex = after.order.indexOf(before.order[state.index]!);
      const moved: PlayerState =
        newIndex >= 0
          ? { ...state, index: newIndex }
          : { ...state, index: Math.min(state.index, after.order.length - 1), progressMs: 0, changedAt: now };
      if (moved.shuffle && moved.index >= 0) {
        // The shuffled cycle restarts from the item playing, as when the context is resized.
        moved.shuffleStart = permute(moved.shuffleSeed, after.order.length, moved.index, true);
      }
      this.players.save(userId, catchUp(moved, now, this.contextOf(after)));
    }
  }

  /**
   * Play: resume, or (with a body) start a playlist at an offset (`{position}` or `{uri}`) and position.
   * Null when there is nothing to resume (no active device).
   */
  play(userId: string, request: PlayRequest, now: number): { ok: true } | { ok: false; reason: string } | null {
    if (request.playlistId === undefined) return this.command(userId, { kind: 'play' }, now);
    const playlist = this.playlists.get(request.playlistId)!;
    const started = initialPlayerState({ contextUri: `playdeck:playlist:${playlist.id}`, length: playlist.order.length, now });
    const index = Math.min(request.offset ?? 0, Math.max(0, playlist.order.length - 1));
    const context = this.contextOf(playlist);
    let state = catchUp({ ...started, index: started.index < 0 ? -1 : index }, now, context);
    if (request.positionMs !== undefined && state.index >= 0) {
      const seeked = applyCommand(state, { kind: 'seek', positionMs: request.positionMs }, now, context);
      if (seeked.ok) state = seeked.state;
    }
    this.players.save(userId, state);
    return { ok: true };
  }

  actions(playback: Playback): Record<string, boolean> {
    return actionsOf(playback.state, this.contextOf(playback.playlist));
  }

  contextOf(playlist: Playlist | null): PlayerContext {
    if (!playlist) return { length: 0, durationAt: () => 0 };
    let durations = this.durations.get(playlist);
    if (!durations) {
      durations = new Int32Array(playlist.order.length);
      for (let index = 0; index < durations.length; index++) {
        const entry = playlist.entries.get(playlist.order[index]!)!;
        const item = entry.type === 'track' ? this.catalog.track(entry.itemId) : this.catalog.episode(entry.itemId);
        durations[index] = item?.durationMs ?? 0;
      }
      this.durations.set(playlist, durations);
    }
    const table = durations;
    return { length: table.length, durationAt: (index) => table[index] ?? 0 };
  }
}
