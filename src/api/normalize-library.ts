/** Users, playlists, saved items and paging objects, normalised at the boundary (see normalize.ts). */
import { asObject, isObject, toBool, toCount, toStr, toStrOrNull } from './coerce.js';
import { normalizeAudiobook, normalizePlayable, normalizeShow } from './normalize.js';
import type {
  Episode,
  ListEntry,
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
  // `tracks` is deprecated in favour of `items`; the full playlist sends a paging object there, whose href is
  // its first page's: without the page's query, it is the items' address a simplified playlist gives.
  const itemsRef = asObject(isObject(value.tracks) ? value.tracks : value.items);
  const href = toStr(itemsRef.href);
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
    tracks: { href: Array.isArray(itemsRef.items) ? href.split('?', 1)[0]! : href, total: toCount(itemsRef.total) },
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

/**
 * A saved entry, `{added_at, <key>}` as the reference gives it or the bare object as the SDK's types give some
 * of them. A wrapper (it has `added_at` or `key`) whose object is missing or null is null: never read as the object.
 */
export function savedEntry<T>(value: unknown, key: string, read: (value: unknown) => T | null): { added_at: string; entry: T } | null {
  const raw = asObject(value);
  const isWrapper = key in raw || 'added_at' in raw;
  const entry = read(isWrapper ? raw[key] : value);
  return entry === null ? null : { added_at: toStr(raw.added_at), entry };
}

/** Saved shows come as `{added_at, show}` (the reference and the SDK's types) or as bare shows. */
export function normalizeSavedShow(value: unknown): SavedShow | null {
  const saved = savedEntry(value, 'show', normalizeShow);
  return saved === null ? null : { added_at: saved.added_at, show: saved.entry };
}

/** Saved audiobooks come as `{added_at, audiobook}` (the reference) or as bare audiobooks (the SDK's types). */
export function normalizeSavedAudiobook(value: unknown): SavedAudiobook | null {
  const saved = savedEntry(value, 'audiobook', normalizeAudiobook);
  return saved === null ? null : { added_at: saved.added_at, audiobook: saved.entry };
}

/**
 * `read` made total for a list: what it rejects becomes a stand-in at its position, so that the rows around
 * it keep theirs. `unavailable` when the service sent null (for the entry, or for the object inside a
 * `{added_at, <wrapper>}`): its way of saying an entry is gone or not in this market.
 */
export function orStandIn<T>(read: (element: unknown) => T | null, wrapper?: string) {
  return (element: unknown, position: number): ListEntry<T> => {
    const entry = read(element);
    if (entry !== null) return entry;
    const isNull = element === null || (wrapper !== undefined && isObject(element) && element[wrapper] === null);
    return { unreadable: { position, reason: isNull ? 'unavailable' : 'unreadable' } };
  };
}

/**
 * A paging object, or null when the body is not an object. The mapper gets each item's position in the whole
 * list and answers for every item (a stand-in for one it cannot read, see `orStandIn`), so positions stay exact.
 */
export function normalizePaging<T>(value: unknown, item: (element: unknown, position: number) => T): Paging<T> | null {
  if (!isObject(value)) return null;
  const offset = toCount(value.offset);
  const items = Array.isArray(value.items) ? value.items.map((element: unknown, index) => item(element, offset + index)) : [];
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
