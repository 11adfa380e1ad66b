import type { Database } from 'better-sqlite3';
import { PlaybackService } from './playback.js';
import { CatalogRenderer } from './render/catalog.js';
import { RenderCache, type RenderedBody } from './render/cache.js';
import { CatalogStore } from './store/catalog.js';
import { LibraryStore } from './store/library.js';
import { PlayerStore } from './store/player-store.js';
import { PlaylistStore, type Playlist } from './store/playlists.js';
import { TokenStore } from './store/tokens.js';

/** Everything routes share: the stores over one database, renderers and the clock. */
export interface ServiceContext {
  db: Database;
  catalog: CatalogStore;
  render: CatalogRenderer;
  playlists: PlaylistStore;
  library: LibraryStore;
  tokens: TokenStore;
  playback: PlaybackService;
  /** Whole response bodies keyed by everything they depend on (playlist pages, catalog GETs). */
  bodies: RenderCache<RenderedBody>;
  now: () => number;
  /** The service's own origin, for requests whose Host header cannot be trusted; set once listening. */
  fallbackOrigin: string;
  /** Called after every committed playlist write, so that what is playing stays put. */
  playlistChanged(before: Playlist, after: Playlist): void;
}

export function createContext(db: Database, now: () => number = Date.now, fallbackOrigin = 'http://127.0.0.1'): ServiceContext {
  const catalog = new CatalogStore(db);
  const playlists = new PlaylistStore(db);
  const playback = new PlaybackService(new PlayerStore(db), playlists, catalog);
  return {
    db,
    catalog,
    render: new CatalogRenderer(catalog),
    playlists,
    library: new LibraryStore(db),
    tokens: new TokenStore(db),
    playback,
    // 8 MB: the embedded service shares the dashboard's process, and the pages asked again are few.
    bodies: new RenderCache<RenderedBody>(8 * 1024 * 1024, (rendered) => rendered.bytes.length),
    now,
    fallbackOrigin,
    playlistChanged: (before, after) => playback.playlistChanged(before, after, now()),
  };
}
