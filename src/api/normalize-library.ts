/** Users, playlists, saved items and paging objects, normalised at the boundary (see normalize.ts). */
import { asObject, isObject, toBool, toCount, toList, toStr, toStrOrNull } from './coerce.js';
import { normalizeAudiobook, normalizePlayable, normalizeShow } from './normalize.js';
import type {
  Episode,
  Paging,
  PlaylistItem,
  SavedAudiobook,
  SavedShow,
  SimplifiedPlaylist,
  Track,
  User,
  UserRef,
} from './types.js';

export function normalizeUserRef(value: unknown): UserRef | null {
  if (!isObject(value)) return null;
  return { id: toStr(value.id), display_name: toStrOrNull(value.display_name), uri: toStr(value.uri) };
}

export function normalizeUser(value: unknown): User | null {
  const ref = normalizeUserRef(value);
  if (ref === null) return null;
  const raw = asObject(value);
  return { ...ref, country: toStrOrNull(raw.country), product: toStrOrNull(raw.product) };
}

const NO_OWNER: UserRef = { id: '', display_name: null, uri: '' };

export function normalizePlaylist(value: unknown): SimplifiedPlaylist | null {
  if (!isObject(value)) return null;
  // `tracks` is deprecated in favour of `items`; the full playlist sends a paging object there.
  const itemsRef = asObject(isObject(value.tracks) ? value.tracks : value.items);
  return {
    id: toStr(value.id),
    name: toStr(value.name),
    // The real service sends null for a playlist without one.
    description: toStr(value.description),
    uri: toStr(value.uri),
    snapshot_id: toStr(value.snapshot_id),
    owner: normalizeUserRef(value.owner) ?? NO_OWNER,
    public: toBool(value.public),
    collaborative: toBool(value.collaborative),
    tracks: { href: toStr(itemsRef.href), total: toCount(itemsRef.total) },
  };
}

/**
 * Never null, because positions in a playlist matter (reorders speak of them): an entry we cannot read
 * keeps its place with `track: null` and `unreadable` saying where and why. The entry is `item` (current
 * name) or `track` (deprecated one), or both; `null` there is an entry the service no longer has.
 */
export function normalizePlaylistItem(value: unknown, position = 0): PlaylistItem {
  const raw = asObject(value);
  const sent = isObject(raw.item) ? raw.item : raw.track;
  const entry = normalizePlayable(sent);
  const track = entry !== null && entry.type !== 'chapter' ? (entry as Track | Episode) : null;
  const item: PlaylistItem = {
    added_at: toStr(raw.added_at),
    added_by: normalizeUserRef(raw.added_by),
    is_local: toBool(raw.is_local),
    track,
  };
  if (track === null) item.unreadable = { position, reason: isObject(value) && sent == null ? 'unavailable' : 'unreadable' };
  return item;
}

export function normalizeSavedShow(value: unknown): SavedShow | null {
  const raw = asObject(value);
  const show = normalizeShow(raw.show);
  return show === null ? null : { added_at: toStr(raw.added_at), show };
}

/** Saved audiobooks come as `{added_at, audiobook}` (the reference) or as bare audiobooks (the SDK's types). */
export function normalizeSavedAudiobook(value: unknown): SavedAudiobook | null {
  const raw = asObject(value);
  const audiobook = normalizeAudiobook(isObject(raw.audiobook) ? raw.audiobook : 'audiobook' in raw ? null : value);
  return audiobook === null ? null : { added_at: toStr(raw.added_at), audiobook };
}

/**
 * A paging object, or null when the body is not an object. The mapper gets each item's position in the
 * whole list; items it rejects are dropped (the playlist mapper never rejects, so positions there stay exact).
 */
export function normalizePaging<T>(value: unknown, item: (element: unknown, position: number) => T | null): Paging<T> | null {
  if (!isObject(value)) return null;
  const offset = toCount(value.offset);
  const items = toList(value.items, (element, index) => item(element, offset + index));
  return {
    href: toStr(value.href),
    limit: toCount(value.limit, items.length),
    next: toStrOrNull(value.next),
    offset,
    previous: toStrOrNull(value.previous),
    total: toCount(value.total, offset + items.length),
    items,
  };
}

/**
 * The answer of a several-ids request (`{"tracks": [...]}`): one entry per requested id, null where the
 * service knows none or sent something unreadable; null when the list itself is missing.
 */
export function normalizeSeveral<T>(
  value: unknown,
  key: string,
  expected: number,
  item: (element: unknown) => T | null,
): (T | null)[] | null {
  const list = asObject(value)[key];
  if (!Array.isArray(list)) return null;
  const result: (T | null)[] = [];
  for (let index = 0; index < expected; index += 1) result.push(item(list[index]));
  return result;
}
