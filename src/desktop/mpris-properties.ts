/**
 * What the desktop's media players see of the dashboard (MPRIS, org.mpris.MediaPlayer2.Player): every
 * property worked out from the playback the dashboard already shows, as plain values with their D-Bus types.
 * Pure: no bus, no clock read here, no request.
 */
import type { PlaybackState, PlayableItem, RepeatState } from '../api/types.js';
import { sanitizeText } from '../text/sanitize.js';
import { interpolateProgress } from '../ui/state/progress.js';
import { PROGRESS_TOLERANCE_MS } from '../ui/state/playback-sync.js';

/** The playback and when it arrived, as the status socket serves it. */
export interface Snapshot {
  playback: PlaybackState | null;
  receivedAt: number;
}

/** The item's trackid when nothing plays, as MPRIS names it. */
export const NO_TRACK = '/org/mpris/MediaPlayer2/TrackList/NoTrack';
const TRACK_PATH = '/org/playdeck/item/';

/** The Metadata map: each entry's D-Bus type, and its value. */
export type Metadata = Record<string, { signature: string; value: unknown }>;

export interface PlayerProperties {
  PlaybackStatus: 'Playing' | 'Paused' | 'Stopped';
  LoopStatus: 'None' | 'Track' | 'Playlist';
  Rate: number;
  MinimumRate: number;
  MaximumRate: number;
  Shuffle: boolean;
  Metadata: Metadata;
  Volume: number;
  CanGoNext: boolean;
  CanGoPrevious: boolean;
  CanPlay: boolean;
  CanPause: boolean;
  CanSeek: boolean;
  CanControl: boolean;
}

export type PlayerProperty = keyof PlayerProperties | 'Position';

/** Each property's D-Bus type (Position's too: it is read, never signalled). */
export const PLAYER_SIGNATURES: Record<PlayerProperty, string> = {
  PlaybackStatus: 's', LoopStatus: 's', Rate: 'd', MinimumRate: 'd', MaximumRate: 'd', Shuffle: 'b', Metadata: 'a{sv}',
  Volume: 'd', Position: 'x', CanGoNext: 'b', CanGoPrevious: 'b', CanPlay: 'b', CanPause: 'b', CanSeek: 'b', CanControl: 'b',
};

/** The properties a client may write; the rest answer PropertyReadOnly. */
export const WRITABLE: ReadonlySet<PlayerProperty> = new Set(['LoopStatus', 'Rate', 'Shuffle', 'Volume']);

export const LOOP_OF: Record<RepeatState, PlayerProperties['LoopStatus']> = { off: 'None', track: 'Track', context: 'Playlist' };

/**
 * An item's id as an object path (`/org/playdeck/item/…`): MPRIS wants a path, which allows only letters,
 * digits and `_` in its parts; anything else is written `_` and its code in hex, so two ids never meet.
 */
export function trackIdOf(item: PlayableItem | null | undefined): string {
  if (!item) return NO_TRACK;
  const part = [...item.id].map((char) => (/[A-Za-z0-9]/.test(char) ? char : `_${char.codePointAt(0)!.toString(16)}_`)).join('');
  return `${TRACK_PATH}${item.type}_${part || '_'}`;
}

function namesOf(list: readonly { name: string }[]): string[] {
  return list.map((each) => sanitizeText(each.name)).filter((name) => name !== '');
}

/** Who made it and what it belongs to: a track's artists and album, an episode's publisher and show, a chapter's authors and book. */
function creditsOf(item: PlayableItem): { artists: string[]; album: string } {
  switch (item.type) {
    case 'track':
      return { artists: namesOf(item.artists), album: sanitizeText(item.album.name) };
    case 'episode':
      return { artists: item.show?.publisher ? [sanitizeText(item.show.publisher)] : [], album: sanitizeText(item.show?.name) };
    case 'chapter':
      return { artists: namesOf(item.audiobook?.authors ?? []), album: sanitizeText(item.audiobook?.name) };
  }
}

/**
 * Milliseconds as the µs of an int64 (`x`): whole, from 0 up to the largest integer a number holds exactly
 * (~285 years). The service's numbers are not trusted to fit: one past an int64 could not be sent at all.
 */
export function microseconds(ms: number): number {
  if (!Number.isFinite(ms) || ms <= 0) return 0;
  return Math.min(Number.MAX_SAFE_INTEGER, Math.round(ms) * 1000);
}

/** The Metadata of what plays; `artUrl` is the picture's file when it is on disk (desktop/art.ts). */
export function metadataOf(playback: PlaybackState | null, artUrl: string | null): Metadata {
  const item = playback?.item ?? null;
  if (playback === null || item === null) return { 'mpris:trackid': { signature: 'o', value: NO_TRACK } };
  const { artists, album } = creditsOf(item);
  const metadata: Metadata = {
    'mpris:trackid': { signature: 'o', value: trackIdOf(item) },
    'mpris:length': { signature: 'x', value: microseconds(item.duration_ms) },
    'xesam:title': { signature: 's', value: sanitizeText(item.name) },
    'xesam:artist': { signature: 'as', value: artists },
  };
  if (album !== '') metadata['xesam:album'] = { signature: 's', value: album };
  if (artUrl !== null) metadata['mpris:artUrl'] = { signature: 's', value: artUrl };
  return metadata;
}

/** Every property but Position, for the playback shown (null: nothing plays; undefined: not heard yet). */
export function playerProperties(snapshot: Snapshot | null, artUrl: string | null): PlayerProperties {
  const playback = snapshot?.playback ?? null;
  const hasItem = playback?.item != null;
  const actions = playback?.actions;
  const volume = playback?.device.volume_percent;
  return {
    PlaybackStatus: playback === null ? 'Stopped' : playback.is_playing ? 'Playing' : 'Paused',
    LoopStatus: LOOP_OF[playback?.repeat_state ?? 'off'],
    Rate: 1,
    MinimumRate: 1,
    MaximumRate: 1,
    Shuffle: playback?.shuffle_state ?? false,
    Metadata: metadataOf(playback, artUrl),
    Volume: typeof volume === 'number' && Number.isFinite(volume) ? Math.min(1, Math.max(0, volume / 100)) : 0,
    CanGoNext: hasItem && actions!.skipping_next,
    CanGoPrevious: hasItem && actions!.skipping_prev,
    // Play while playing, and Pause while paused, do nothing and are allowed: PlayPause needs both.
    CanPlay: hasItem && (playback!.is_playing || actions!.resuming),
    CanPause: hasItem && (!playback!.is_playing || actions!.pausing),
    CanSeek: hasItem && actions!.seeking,
    // What the dashboard can do never changes; what the service permits now is in the other Can*.
    CanControl: true,
  };
}

/** Position in µs at `now`, from the clock: the dashboard's last answer moved on, never a request. */
export function positionUs(snapshot: Snapshot | null, now: number): number {
  const playback = snapshot?.playback;
  if (!playback?.item) return 0;
  const progress = { progressMs: playback.progress_ms, durationMs: playback.item.duration_ms, isPlaying: playback.is_playing, receivedAt: snapshot!.receivedAt };
  return microseconds(interpolateProgress(progress, now));
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The properties whose value differs: what PropertiesChanged carries (Position never does). */
export function changedProperties(before: PlayerProperties, after: PlayerProperties): (keyof PlayerProperties)[] {
  return (Object.keys(after) as (keyof PlayerProperties)[]).filter((name) => !sameValue(before[name], after[name]));
}

/**
 * Where the position jumped to (µs), when the same item is now somewhere its clock would not have taken it
 * (a seek, a restart): what the Seeked signal tells. Null for a new item (its Metadata says so) or no jump.
 */
export function seekedTo(before: Snapshot | null, after: Snapshot | null): number | null {
  const was = before?.playback;
  const now = after?.playback;
  if (!was?.item || !now?.item || was.item.id !== now.item.id || after === null) return null;
  const expected = positionUs(before, after.receivedAt);
  const actual = positionUs(after, after.receivedAt);
  return Math.abs(actual - expected) > PROGRESS_TOLERANCE_MS * 1000 ? actual : null;
}
