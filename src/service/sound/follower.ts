/**
 * The sound follows the player (decisions §20): each state the player commits is mirrored to one mpv (the
 * file and part of the item playing, paused or not, where, how loud, on which output), the item the player
 * starts at this one's end is appended to mpv's playlist ahead of time (gapless), and what mpv reports comes
 * back: the position heard re-anchors the state, the real duration holds the clock, the end of a file (or a
 * file that cannot be played) ends the item, and the player goes on by its own rules.
 */
import { existsSync } from 'node:fs';
import type { MediaFile, MediaSource } from '../media-source.js';
import { playingItem, type PlayContext } from '../play-context.js';
import type { Playback, PlaybackService } from '../playback.js';
import type { PlayerDevice, PlayerState } from '../player.js';
import type { SoundClock } from '../player-durations.js';
import { MpvError, type MpvEvent, type MpvProcess } from './mpv-process.js';
import { MpvPlaylist, NO_OUTPUT, type Entry } from './mpv-playlist.js';
import { mpvDevicesOf, type Outputs } from './outputs.js';
import { Heard } from './heard.js';
import { anchorOf, keyOf, sameFile } from './parts.js';
import { SerialJob } from './serial-job.js';

/** How long past its real end the clock lets an item run before ending it itself (mpv ends it first). */
export const HOLD_MS = 10_000;
/** The state is re-anchored to what mpv plays when the two are further apart than this. */
export const ANCHOR_TOLERANCE_MS = 50;
/** A command that moved the player this far from what mpv plays is a seek. */
const SEEK_TOLERANCE_MS = 250;
/** After no output opened, nothing is loaded for this long (the player runs silent meanwhile). */
const SILENT_MS = 30_000;

const OBSERVED = ['time-pos', 'pause', 'duration', 'volume', 'audio-device', 'audio-device-list'] as const;

export interface FollowerHost {
  playback: PlaybackService;
  media: MediaSource;
  outputs: Outputs;
  userId: string;
  now(): number;
  /** mpv opened no audio output. */
  noOutput(detail: string): void;
  /** An item is heard playing. */
  heard(): void;
  /** mpv told its outputs. */
  listed(): void;
}

export class Follower implements SoundClock {
  private readonly heard = new Heard();
  private readonly playlist: MpvPlaylist;
  /** A seek was sent and mpv has not played from there yet: an end of the file meanwhile is the end of where it was. */
  private seekSent = false;
  private volume: number | null = null;
  private device: string | null = null;
  /** The anchor of the state last mirrored: a state moved since (a command) is not re-anchored before it is mirrored. */
  private anchor = '';
  /** Items skipped in a row (no file, a file mpv cannot play): a whole context of them pauses the player. */
  private skips = 0;
  private readonly mirroring = new SerialJob(() => this.mirrorOnce());
  private stopped = false;
  /** While mpv opened no output: nothing is loaded before then. */
  private silentUntil = 0;
  private readonly stopWatching: Array<() => void> = [];

  constructor(
    private readonly mpv: MpvProcess,
    private readonly host: FollowerHost,
  ) {
    this.playlist = new MpvPlaylist(mpv, this.heard, {
      left: (entry, positionMs, heardAt, now) => this.finish(entry, positionMs, heardAt, now),
      noOutput: (now) => {
        this.silentUntil = now + SILENT_MS;
        host.noOutput(NO_OUTPUT);
      },
    });
    OBSERVED.forEach((name, index) => mpv.send(['observe_property', index + 1, name]));
    this.stopWatching.push(
      host.playback.watch((userId) => (userId === null || userId === host.userId) && this.mirror()),
      host.media.subscribe(() => this.mirror()),
    );
  }

  stop(): void {
    this.stopped = true;
    this.mirroring.stop();
    for (const stop of this.stopWatching) stop();
  }

  /** The clock's hold: the item mpv plays lasts its real length and a grace, ended by the sound before then. */
  durationOf(state: PlayerState, context: PlayContext | null, catalogMs: number): number | null {
    const entry = this.current;
    if (!entry || entry.failed || keyOf(state, context) !== entry.key) return null;
    return (entry.durationMs ?? catalogMs) + HOLD_MS;
  }

  /** The item's position mpv plays now (ms), as last heard; null with nothing loaded. */
  positionNow(now: number): number | null {
    return this.current ? this.heard.now(now) : null;
  }

  /** The item mpv plays (its key) and where in it, asked of mpv now (ms); null with nothing loaded. */
  async asked(): Promise<{ key: string; positionMs: number } | null> {
    const entry = this.current;
    const seconds = entry ? await this.mpv.request(['get_property', 'time-pos']).catch(() => null) : null;
    return entry && typeof seconds === 'number' ? { key: entry.key, positionMs: seconds * 1000 - entry.file.startMs } : null;
  }

  /** A file removed while it plays: on Linux mpv would go on playing it. */
  checkFile(): void {
    const entry = this.current;
    if (entry && !entry.failed && !this.heard.paused && !existsSync(entry.file.path)) {
      entry.failed = true;
      this.mirror();
    }
  }

  /** Mirrors the player's state soon (after whatever committed it), once for any number of commits meanwhile. */
  mirror(): void {
    this.mirroring.ask();
  }

  handle(event: MpvEvent): void {
    if (this.stopped) return;
    const now = this.host.now();
    if (event.event === 'property-change') this.changed(String(event.name), event.data, now);
    else if (event.event === 'playback-restart') {
      this.heard.restarted(now);
      this.seekSent = false;
    } else this.playlist.handle(event, now);
  }

  private get current(): Entry | null {
    return this.playlist.current;
  }

  private async mirrorOnce(): Promise<void> {
    const now = this.host.now();
    const playback = this.host.playback.current(this.host.userId, now);
    const key = playback ? keyOf(playback.state, playback.context) : null;
    if (!playback || key === null || now < this.silentUntil) return this.playlist.forget(true);
    const { state } = playback;
    const moved = anchorOf(state) !== this.anchor;
    this.anchor = anchorOf(state);
    await this.setOutput(state.device);
    const item = playingItem(state, playback.context);
    const file = item ? this.host.media.fileOf(item) : null;
    if (file === null || (this.current?.key === key && this.current.failed)) {
      // Never played: skipped when the player plays it, nothing heard while it is paused on it.
      if (this.current?.key !== key) await this.playlist.forget(true);
      if (state.isPlaying) this.skip(playback, now);
      return;
    }
    // How loud, and paused, before a file loads; played once it replaced what was there (else that is heard a moment).
    await this.setVolume(state.device.volume_percent);
    if (this.current?.key !== key || !sameFile(this.current.file, file)) {
      if (!state.isPlaying) await this.setPause(true);
      await this.playlist.load(key, file, playback.progressMs, now);
    } else if (moved && Math.abs((this.positionNow(now) ?? 0) - playback.progressMs) > SEEK_TOLERANCE_MS) await this.seek(this.current, playback.progressMs, now);
    await this.setPause(!state.isPlaying);
    await this.prefetch(state.isPlaying ? this.host.playback.ended(this.host.userId, playback.progressMs, now, now, false) : null);
  }

  private async seek(entry: Entry, positionMs: number, now: number): Promise<void> {
    this.seekSent = true;
    this.heard.moving(positionMs, now);
    try {
      await this.mpv.request(['seek', (entry.file.startMs + positionMs) / 1000, 'absolute+exact']);
    } catch (error) {
      // Refused (the file is still opening, or ended meanwhile): loaded again from there.
      if (!(error instanceof MpvError) || this.current !== entry) throw error;
      this.seekSent = false;
      await this.playlist.load(entry.key, entry.file, positionMs, now);
    }
  }

  /** Appends what the player starts at this item's end, so that mpv goes on to it with no gap. */
  private async prefetch(following: Playback | null): Promise<void> {
    const item = following?.state.isPlaying ? playingItem(following.state, following.context) : null;
    const file = item ? this.host.media.fileOf(item) : null;
    const key = following && file ? keyOf(following.state, following.context) : null;
    const { next } = this.playlist;
    if (key !== null && file !== null && next?.key === key && sameFile(next.file, file)) return;
    if (key === null || file === null || !this.current) await this.playlist.clearNext();
    else await this.playlist.append(key, file, following!.progressMs);
  }

  private async setPause(paused: boolean): Promise<void> {
    if (paused === this.heard.paused) return;
    this.heard.pausing(paused, this.host.now());
    if (!paused && this.current) this.current.played = true;
    await this.mpv.request(['set_property', 'pause', paused]);
    if (!paused || !this.current || this.heard.settling) return;
    // Where it stopped, as mpv has it (time-pos moves no more, and its last report may be old): the state says so.
    const asked = await this.asked();
    if (asked !== null && asked.key === this.current?.key && this.heard.paused && !this.heard.settling) {
      this.heard.reported(asked.positionMs, this.host.now());
      this.reanchor(this.host.now());
    }
  }

  private async setVolume(percent: number | null): Promise<void> {
    if (percent === null || percent === this.volume) return;
    this.volume = percent;
    await this.mpv.request(['set_property', 'volume', percent]);
  }

  private async setOutput(device: PlayerDevice): Promise<void> {
    const name = this.host.outputs.mpvNameOf(device.id);
    if (name === null || name === this.device) return;
    this.device = name;
    await this.mpv.request(['set_property', 'audio-device', name]);
  }

  /** The item cannot be heard: the player goes on as at its end, unless every item so far could not. */
  private skip(playback: Playback, now: number): void {
    this.skips += 1;
    const { state } = playback;
    if (this.skips > Math.max(1, state.contextLength + (state.queue?.length ?? 0))) {
      this.host.playback.command(this.host.userId, { kind: 'pause' }, now);
      return;
    }
    // Ended at its start: neither the history nor a resume point counts it as played.
    this.host.playback.ended(this.host.userId, 0, now);
  }

  private changed(name: string, data: unknown, now: number): void {
    if (name === 'time-pos' && typeof data === 'number' && this.current && !this.heard.settling) {
      this.heard.reported(data * 1000 - this.current.file.startMs, now);
      if (!this.heard.paused) {
        // Sound is heard (an output opened, a file plays).
        this.skips = 0;
        this.host.heard();
      }
      this.reanchor(now);
    } else if (name === 'pause' && typeof data === 'boolean') this.heard.pausing(data, now);
    else if (name === 'duration' && typeof data === 'number' && this.current) {
      const { file } = this.current;
      this.current.durationMs = Math.max(0, Math.round((file.endMs ?? data * 1000) - file.startMs));
    } else if (name === 'volume' && typeof data === 'number') this.volume = Math.round(data);
    else if (name === 'audio-device' && typeof data === 'string') this.device = data;
    else if (name === 'audio-device-list') this.listed(data, now);
  }

  /** mpv's outputs changed (or were first told): the devices list follows; a player on none of them moves to mpv's. */
  private listed(data: unknown, now: number): void {
    const { playback, userId, outputs } = this.host;
    const state = playback.peek(userId, now)?.state;
    outputs.update(mpvDevicesOf(data), state?.device.volume_percent ?? this.volume ?? 100);
    const device = outputs.deviceOf(this.device ?? 'auto');
    if (state && device && outputs.mpvNameOf(state.device.id) === null) {
      playback.update(userId, (current) => ({ ...current, device: { ...device, is_active: true, volume_percent: current.device.volume_percent ?? device.volume_percent } }), now);
    }
    this.host.listed();
  }

  /** The state follows what is heard, once the state mirrored is the one playing. */
  private reanchor(now: number): void {
    const { playback, userId } = this.host;
    const seen = playback.peek(userId, now);
    if (!seen || anchorOf(seen.state) !== this.anchor || seen.state.isPlaying === this.heard.paused) return;
    if (keyOf(seen.state, seen.context) !== this.current?.key) return;
    // Below 0 while the file before still plays from mpv's buffer: the item starts being heard in that long.
    const heardMs = Math.round(this.positionNow(now) ?? 0);
    const { state } = seen;
    const playedMs = state.isPlaying ? state.progressMs + (now - state.changedAt) : state.progressMs;
    if (Math.abs(playedMs - heardMs) <= ANCHOR_TOLERANCE_MS) return;
    const anchor = heardMs >= 0 ? { progressMs: heardMs, changedAt: now } : { progressMs: 0, changedAt: now - heardMs };
    playback.update(userId, (current) => ({ ...current, ...anchor }), now);
    this.madeHere(now);
  }

  /** mpv is done with the file it played: the player goes on from its end, if that is still the player's. */
  private finish(entry: Entry, positionMs: number, heardAt: number, now: number): void {
    const seen = this.host.playback.current(this.host.userId, now);
    if (!seen?.state.isPlaying || keyOf(seen.state, seen.context) !== entry.key) return;
    if (this.seekSent || !entry.played || anchorOf(seen.state) !== this.anchor) {
      // The player moved since (a seek, a command on its way here), or this ended unplayed: not the player's end. Loaded again.
      this.seekSent = false;
      void this.playlist.forget(false);
      this.mirror();
      return;
    }
    if (entry.failed) this.skip(seen, now);
    else {
      // The next item starts when this one's end is heard: the position reported stays at 0 until then.
      this.host.playback.ended(this.host.userId, entry.durationMs ?? positionMs, now, heardAt);
      this.madeHere(now);
    }
  }

  /** The state the follower itself just wrote is one mpv plays already (a position heard, an end heard). */
  private madeHere(now: number): void {
    const seen = this.host.playback.peek(this.host.userId, now);
    if (seen) this.anchor = anchorOf(seen.state);
  }
}
