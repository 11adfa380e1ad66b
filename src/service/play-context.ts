import type { PlayerContext } from './player.js';
import type { Versions } from './render/cache.js';
import type { CatalogStore } from './store/catalog.js';
import type { LibraryStore } from './store/library.js';
import type { Playlist, PlaylistStore } from './store/playlists.js';

/** `collection`: a user's liked songs, newest first (its id is the user's). */
export type ContextType = 'playlist' | 'show' | 'audiobook' | 'album' | 'collection';
export type ItemType = 'track' | 'episode' | 'chapter';

export interface ContextItem {
  type: ItemType;
  id: string;
}

/**
 * What the player plays: a playlist, a show (its episodes newest first, as listed), an audiobook (its
 * chapters in order), an album (its tracks disc by disc), the user's liked songs (newest first) or a list of
 * item uris (no context: `type` null).
 */
export interface PlayContext {
  type: ContextType | null;
  /** The playlist, show or audiobook id; null for a list of uris. */
  id: string | null;
  length: number;
  itemAt(index: number): ContextItem | null;
  /** Changes whenever the items do (a playlist's snapshot), for the render cache. */
  revision: string;
  /** The items' durations, as the clock asks for them. */
  clock: PlayerContext;
  /** The playlist, when the context is one (its entries are what the player follows across edits). */
  playlist: Playlist | null;
}

const URI = /^[A-Za-z][A-Za-z0-9-]*:(playlist|show|audiobook|album|track|episode|chapter):([0-9A-Za-z]{22})$/;
/** A user's liked songs, as the real service names them. */
const COLLECTION_URI = /^[A-Za-z][A-Za-z0-9-]*:user:([0-9A-Za-z]{22}):collection$/;

/** The type and id of a `prefix:type:id` uri (or `prefix:user:id:collection`), or null when it is not one. */
export function parseUri(uri: string): { type: ContextType | ItemType; id: string } | null {
  const match = URI.exec(uri);
  if (match) return { type: match[1] as ContextType | ItemType, id: match[2]! };
  const collection = COLLECTION_URI.exec(uri);
  return collection ? { type: 'collection', id: collection[1]! } : null;
}

export function contextUriOf(type: ContextType, id: string): string {
  return type === 'collection' ? `playdeck:user:${id}:collection` : `playdeck:${type}:${id}`;
}

/** Builds play contexts over the stores; durations are computed once per context object. */
export class PlayContexts {
  private readonly byPlaylist = new WeakMap<Playlist, PlayContext>();
  private readonly byContainer = new Map<string, PlayContext>();
  /** Each user's liked songs, while the library is at the version they were read at. */
  private readonly byCollection = new Map<string, PlayContext>();

  constructor(
    private readonly catalog: CatalogStore,
    private readonly playlists: PlaylistStore,
    private readonly library: LibraryStore,
    private readonly versions: Versions,
  ) {}

  /** The context a stored `contextUri` or `uris` names, or null when it no longer exists. */
  resolve(contextUri: string | null, uris: readonly string[] | undefined): PlayContext | null {
    if (contextUri === null) return uris ? this.ofUris(uris) : null;
    const parsed = parseUri(contextUri);
    if (!parsed) return null;
    if (parsed.type === 'playlist') {
      const playlist = this.playlists.get(parsed.id);
      return playlist ? this.ofPlaylist(playlist) : null;
    }
    if (parsed.type === 'show' || parsed.type === 'audiobook' || parsed.type === 'album') return this.ofContainer(parsed.type, parsed.id);
    if (parsed.type === 'collection') return this.ofCollection(parsed.id);
    return null;
  }

  ofPlaylist(playlist: Playlist): PlayContext {
    let context = this.byPlaylist.get(playlist);
    if (!context) {
      const itemAt = (index: number): ContextItem | null => {
        const entryId = playlist.order[index];
        const entry = entryId === undefined ? undefined : playlist.entries.get(entryId);
        // A line of a playlist file naming no item (decisions §21) has no item: its duration 0, the clock passes it.
        return entry && entry.type !== 'local' ? { type: entry.type, id: entry.itemId } : null;
      };
      context = this.made('playlist', playlist.id, playlist.order.length, itemAt, playlist.snapshotId, playlist);
      this.byPlaylist.set(playlist, context);
    }
    return context;
  }

  /** A show's, an audiobook's or an album's items, kept while the catalog is at the version they were read at. */
  ofContainer(type: 'show' | 'audiobook' | 'album', id: string): PlayContext | null {
    const key = `${type}:${id}`;
    const revision = `catalog@${this.versions.of('catalog')}`;
    let context = this.byContainer.get(key);
    if (context?.revision !== revision) {
      // A catalog that changed has left every kept container behind.
      if (context) this.byContainer.clear();
      const exists = type === 'show' ? this.catalog.show(id) : type === 'audiobook' ? this.catalog.audiobook(id) : this.catalog.discography.album(id);
      if (!exists) return null;
      const items: ContextItem[] =
        type === 'show'
          ? this.catalog.episodesOf(id).map((row) => ({ type: 'episode', id: row.id }))
          : type === 'audiobook'
            ? this.catalog.chaptersOf(id).map((row) => ({ type: 'chapter', id: row.id }))
            : this.catalog.discography.albumTrackIds(id).map((trackId) => ({ type: 'track', id: trackId }));
      context = this.made(type, id, items.length, (index) => items[index] ?? null, revision, null);
      this.byContainer.set(key, context);
    }
    return context;
  }

  /** The user's liked songs, newest first: read again once the library changed. */
  ofCollection(userId: string): PlayContext | null {
    if (!this.catalog.user(userId)) return null;
    const revision = `library@${this.versions.of('library')}`;
    let context = this.byCollection.get(userId);
    if (context?.revision !== revision) {
      const items: ContextItem[] = this.library.all(userId, 'track').map((saved) => ({ type: 'track', id: saved.id }));
      context = this.made('collection', userId, items.length, (index) => items[index] ?? null, revision, null);
      this.byCollection.set(userId, context);
    }
    return context;
  }

  /** Items given as uris (each already checked to exist), played as a context of their own. */
  ofUris(uris: readonly string[]): PlayContext {
    const items = uris.flatMap((uri) => {
      const parsed = parseUri(uri);
      return parsed && (parsed.type === 'track' || parsed.type === 'episode' || parsed.type === 'chapter')
        ? [{ type: parsed.type, id: parsed.id }]
        : [];
    });
    return this.made(null, null, items.length, (index) => items[index] ?? null, uris.join(','), null);
  }

  durationOf(item: ContextItem | null): number {
    if (!item) return 0;
    const row =
      item.type === 'track' ? this.catalog.track(item.id) : item.type === 'episode' ? this.catalog.episode(item.id) : this.catalog.chapter(item.id);
    return row?.durationMs ?? 0;
  }

  private made(
    type: ContextType | null,
    id: string | null,
    length: number,
    itemAt: (index: number) => ContextItem | null,
    revision: string,
    playlist: Playlist | null,
  ): PlayContext {
    let durations: Int32Array | null = null;
    const clock: PlayerContext = {
      length,
      durationAt: (index) => {
        if (!durations) {
          durations = new Int32Array(length);
          for (let place = 0; place < length; place++) durations[place] = this.durationOf(itemAt(place));
        }
        return durations[index] ?? 0;
      },
    };
    return { type, id, length, itemAt, revision, clock, playlist };
  }
}

/** The item a player state plays: the added item playing, else the context's item at its index. */
export function playingItem(state: { index: number; queued?: string }, context: PlayContext | null): ContextItem | null {
  if (state.index < 0) return null;
  if (state.queued) {
    const parsed = parseUri(state.queued);
    return parsed && (parsed.type === 'track' || parsed.type === 'episode') ? { type: parsed.type, id: parsed.id } : null;
  }
  return context?.itemAt(state.index) ?? null;
}
