/**
 * What a media player's call means to the dashboard (MPRIS, org.mpris.MediaPlayer2.Player): its methods and
 * property writes turned into the player commands of the command line, which the dashboard's bridge plans
 * and runs as its own keys do (so its screen follows). Pure.
 */
import type { PlayerCommand } from '../status/player-command.js';
import type { RepeatState } from '../api/types.js';
import { positionUs, trackIdOf, type Snapshot } from './mpris-properties.js';

export type CallOutcome =
  /** Run this through the dashboard (a refusal there leaves things as they are, as MPRIS asks). */
  | { run: PlayerCommand }
  /** Nothing to do, and nothing wrong (a SetPosition for another track, a rate of 1). */
  | { done: true }
  | { error: string; message: string };

export const INVALID_ARGS = 'org.freedesktop.DBus.Error.InvalidArgs';
export const NOT_SUPPORTED = 'org.freedesktop.DBus.Error.NotSupported';
const UNKNOWN_METHOD = 'org.freedesktop.DBus.Error.UnknownMethod';

const LOOP_TO_REPEAT: Record<string, RepeatState> = { None: 'off', Track: 'track', Playlist: 'context' };

/** A D-Bus integer (int64 arrives as a bigint) or double as a number; null when it is neither. */
function numberOf(value: unknown): number | null {
  if (typeof value === 'bigint') return Number(value);
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

const invalid = (message: string): CallOutcome => ({ error: INVALID_ARGS, message });

/** A method of org.mpris.MediaPlayer2.Player called with `body`, against the playback shown at `now`. */
export function playerCall(member: string, body: readonly unknown[], snapshot: Snapshot | null, now: number): CallOutcome {
  switch (member) {
    case 'Play':
      return { run: { type: 'play' } };
    case 'Pause':
    case 'Stop': // the service has no stop: a pause keeps the place, which is what a stop key is pressed for
      return { run: { type: 'pause' } };
    case 'PlayPause':
      return { run: { type: 'toggle' } };
    case 'Next':
      return { run: { type: 'next' } };
    case 'Previous':
      return { run: { type: 'prev' } };
    case 'Seek': {
      const offset = numberOf(body[0]);
      if (offset === null) return invalid('Seek takes an offset in microseconds');
      const length = (snapshot?.playback?.item?.duration_ms ?? 0) * 1000;
      // Past the end is the next item, as the specification says.
      if (length > 0 && positionUs(snapshot, now) + offset >= length) return { run: { type: 'next' } };
      return { run: { type: 'seek', relative: true, ms: Math.round(offset / 1000) } };
    }
    case 'SetPosition': {
      const position = numberOf(body[1]);
      if (typeof body[0] !== 'string' || position === null) return invalid('SetPosition takes a track id and a position in microseconds');
      const item = snapshot?.playback?.item;
      // A position for a track no longer playing, or outside this one, is ignored.
      if (!item || body[0] !== trackIdOf(item) || position < 0 || position > item.duration_ms * 1000) return { done: true };
      return { run: { type: 'seek', relative: false, ms: Math.round(position / 1000) } };
    }
    case 'OpenUri':
      return { error: NOT_SUPPORTED, message: 'playdeck opens no URI: play from its library' };
    default:
      return { error: UNKNOWN_METHOD, message: `no method ${member} on org.mpris.MediaPlayer2.Player` };
  }
}

/** A write of a Player property (Volume, Shuffle, LoopStatus, Rate). */
export function propertyWrite(name: string, value: unknown): CallOutcome {
  switch (name) {
    case 'Volume': {
      const volume = numberOf(value);
      if (volume === null) return invalid('Volume is a number from 0 to 1');
      return { run: { type: 'volume', relative: false, percent: Math.round(Math.min(1, Math.max(0, volume)) * 100) } };
    }
    case 'Shuffle':
      return typeof value === 'boolean' ? { run: { type: 'shuffle', on: value } } : invalid('Shuffle is true or false');
    case 'LoopStatus': {
      const repeat = typeof value === 'string' ? LOOP_TO_REPEAT[value] : undefined;
      return repeat === undefined ? invalid('LoopStatus is None, Track or Playlist') : { run: { type: 'repeat', state: repeat } };
    }
    case 'Rate': {
      const rate = numberOf(value);
      if (rate === null) return invalid('Rate is a number');
      // 1 is the only rate; 0 is a pause, as the specification says.
      return rate === 0 ? { run: { type: 'pause' } } : { done: true };
    }
    default:
      return { error: 'org.freedesktop.DBus.Error.PropertyReadOnly', message: `${name} cannot be set` };
  }
}
