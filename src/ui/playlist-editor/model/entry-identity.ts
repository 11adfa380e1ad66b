import type { Album, Episode, PlaylistItem, Show, Track } from '../../../api/types.js';
import type { SparseList } from '../../state/sparse-list.js';

/**
 * Telling playlist entries apart across versions of a playlist: positions change, so an entry is its item
 * plus when it was added; two copies added at the same moment are told apart by their order (`#0`, `#1`).
 */

/**
 * The URI of the item an entry holds, as the service stores it: a track relinked for the user's market shows
 * another track's `uri` and names its own in `linked_from`. A removal goes by this one (the shown one would
 * leave the entry in place), and two entries are copies of one item when theirs are equal.
 */
export function itemUriOf(item: PlaylistItem | undefined): string | undefined {
  const playable = item?.track;
  if (playable === null || playable === undefined) return undefined;
  return (playable.type === 'track' ? playable.linked_from?.uri : undefined) ?? playable.uri;
}

/** The item and when it was added; the same for copies of a track added at the same moment. */
export function entryIdentity(item: PlaylistItem): string {
  return `${itemUriOf(item) ?? ''} ${item.added_at}`;
}

/** A distinct key per entry of a whole order: its identity and which occurrence of it this is. */
export function keysOfOrder(identities: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return identities.map((identity) => {
    const occurrence = seen.get(identity) ?? 0;
    seen.set(identity, occurrence + 1);
    return `${identity}#${occurrence}`;
  });
}

/** How often each identity occurs. */
export function countIdentities(identities: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const identity of identities) counts.set(identity, (counts.get(identity) ?? 0) + 1);
  return counts;
}

/** A key no fresh entry has (identities always hold a space): the entry is not known for certain. */
const unknownKey = (position: number): string => `?${position}`;

/** Whether `key` names an entry that can be found in the fresh order. */
export const isKnownKey = (key: string): boolean => key.includes(' ');

/**
 * Keys of the base order, of which only the loaded positions are known, matching `keysOfOrder` of the
 * fresh order where that is certain: an identity loaded exactly as often as the fresh order holds it is
 * matched occurrence by occurrence. Anything else (a position not loaded, copies not all loaded or some
 * gone) gets a key of its own, so a merge leaves such an entry where the service has it rather than risk
 * moving the wrong one.
 */
export function baseKeys(list: SparseList<PlaylistItem>, freshCounts: ReadonlyMap<string, number>): string[] {
  const keys = Array.from({ length: list.total }, (_, position) => unknownKey(position));
  const loaded: { position: number; identity: string }[] = [];
  for (const start of list.starts) {
    list.pages.get(start)!.forEach((item, offset) => loaded.push({ position: start + offset, identity: entryIdentity(item) }));
  }
  const loadedCounts = countIdentities(loaded.map((entry) => entry.identity));
  const seen = new Map<string, number>();
  for (const { position, identity } of loaded) {
    if (loadedCounts.get(identity) !== freshCounts.get(identity)) continue;
    const occurrence = seen.get(identity) ?? 0;
    seen.set(identity, occurrence + 1);
    keys[position] = `${identity}#${occurrence}`;
  }
  return keys;
}

/** What a journal keeps of an entry added since the base: enough to send it and to draw its row. */
export interface EntrySketch {
  uri: string;
  addedAt: string;
  name: string;
  /** The artists of a track, the show of an episode. */
  credit: string;
  durationMs: number;
}

export function sketchOf(item: PlaylistItem): EntrySketch {
  const playable = item.track;
  // Entries a journal restored carry no more than their sketch: what is missing reads as empty.
  const artists: readonly { name: string }[] | undefined = playable?.type === 'track' ? playable.artists : undefined;
  const credit = playable === null ? '' : playable.type === 'track' ? (artists ?? []).map((artist) => artist.name).join(', ') : (playable.show?.name ?? '');
  return { uri: itemUriOf(item) ?? '', addedAt: item.added_at, name: playable?.name ?? '', credit, durationMs: playable?.duration_ms ?? 0 };
}

const STUB_ALBUM: Album = {
  id: '', name: '', album_type: 'album', total_tracks: 0, release_date: '', release_date_precision: 'day', images: [], artists: [], uri: '', type: 'album',
};

/**
 * An entry drawn from what a journal keeps of it (`sketchOf`), or from its URI alone (a copy of a URI removed
 * whose page was never loaded): enough to send and to merge, drawn with its name (else its URI) until its page
 * is read.
 */
export function sketchedItem(sketch: EntrySketch): PlaylistItem {
  const { uri, addedAt, name, credit, durationMs } = sketch;
  const [, type = 'track', id = ''] = uri.split(':');
  const common = { id, uri, name: name === '' ? uri : name, duration_ms: durationMs, explicit: false, is_playable: true, restrictions: null };
  const show: Show = {
    type: 'show', id: '', name: credit, uri: '', publisher: '', description: '', html_description: '', explicit: false, images: [],
    languages: [], media_type: 'audio', total_episodes: 0,
  };
  const track: Track | Episode =
    type === 'episode'
      ? {
          ...common, type: 'episode', description: '', html_description: '', release_date: '', release_date_precision: 'day',
          resume_point: null, images: [], show: credit === '' ? null : show,
        }
      : {
          ...common, type: 'track', album: STUB_ALBUM, artists: credit === '' ? [] : [{ id: '', name: credit, uri: '', type: 'artist' }],
          popularity: 0, is_local: false, linked_from: null, track_number: 0, disc_number: 0,
        };
  return { added_at: addedAt, added_by: null, is_local: false, track };
}

/** An entry known by its URI alone, dated `addedAt`. */
export const stubItem = (uri: string, addedAt: string): PlaylistItem => sketchedItem({ uri, addedAt, name: '', credit: '', durationMs: 0 });
