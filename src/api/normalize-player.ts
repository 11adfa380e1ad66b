/** The playback state, normalised at the boundary (see normalize.ts). */
import { asObject, isObject, toBool, toCount, toIntOrNull, toStr, toStrOrNull } from './coerce.js';
import { normalizePlayable } from './normalize.js';
import {
  PLAYER_ACTIONS,
  type Device,
  type PlaybackState,
  type PlayerActions,
  type RepeatState,
} from './types.js';

/** The device types the reference lists; the real service sends them in any case ("computer", "COMPUTER"). */
const DEVICE_TYPES = ['Computer', 'Tablet', 'Smartphone', 'Speaker', 'TV', 'AVR', 'STB', 'AudioDongle', 'GameConsole', 'CastVideo', 'CastAudio', 'Automobile', 'Unknown'];
const DEVICE_TYPE_BY_LOWER = new Map(DEVICE_TYPES.map((type) => [type.toLowerCase(), type]));

export function normalizeDevice(value: unknown): Device {
  const raw = asObject(value);
  return {
    id: toStrOrNull(raw.id),
    name: toStr(raw.name),
    type: DEVICE_TYPE_BY_LOWER.get(toStr(raw.type).toLowerCase()) ?? toStr(raw.type),
    volume_percent: toIntOrNull(raw.volume_percent),
    is_active: toBool(raw.is_active),
    is_private_session: toBool(raw.is_private_session),
    is_restricted: toBool(raw.is_restricted),
    supports_volume: toBool(raw.supports_volume),
  };
}

/**
 * true means permitted. The real service sends `{"disallows": {"pausing": true}}`, the spec a flat object
 * of booleans meaning permitted; `disallows` wins when present. An action neither form mentions counts as
 * permitted: the service still refuses it with a reason, while a wrong "not permitted" would hide a key.
 */
export function normalizeActions(value: unknown): PlayerActions {
  const raw = asObject(value);
  const disallows = isObject(raw.disallows) ? raw.disallows : null;
  const actions = {} as PlayerActions;
  for (const action of PLAYER_ACTIONS) {
    actions[action] = disallows ? !toBool(disallows[action], false) : toBool(raw[action], true);
  }
  return actions;
}

const REPEAT_STATES: readonly string[] = ['off', 'track', 'context'] satisfies RepeatState[];

function toRepeatState(value: unknown): RepeatState {
  return typeof value === 'string' && REPEAT_STATES.includes(value) ? (value as RepeatState) : 'off';
}

function toContext(value: unknown): PlaybackState['context'] {
  if (!isObject(value)) return null;
  return { type: toStr(value.type), uri: toStr(value.uri), href: toStrOrNull(value.href) };
}

/** Null when the body is empty or not an object: nothing is playing. */
export function normalizePlaybackState(value: unknown): PlaybackState | null {
  if (!isObject(value)) return null;
  const item = normalizePlayable(value.item);
  return {
    device: normalizeDevice(value.device),
    repeat_state: toRepeatState(value.repeat_state),
    shuffle_state: toBool(value.shuffle_state),
    context: toContext(value.context),
    timestamp: toCount(value.timestamp),
    progress_ms: toCount(value.progress_ms),
    is_playing: toBool(value.is_playing),
    item,
    currently_playing_type: toStr(value.currently_playing_type, item?.type ?? 'unknown'),
    actions: normalizeActions(value.actions),
  };
}
