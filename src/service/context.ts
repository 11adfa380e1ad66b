import type { Database } from 'better-sqlite3';
import type { MediaSource } from './media-source.js';
import type { PlaylistFileRules } from './playlist-files/rules.js';
import { HistoryTracker } from './history-tracker.js';
import { PlaybackService } from './playback.js';
import { PlayContexts } from './play-context.js';
import { ResumeTracker } from './resume-tracker.js';
import { CatalogRenderer } from './render/catalog.js';
import { RenderCache, Versions, type RenderedBody } from './render/cache.js';
import { CatalogStore } from './store/catalog.js';
import { HistoryStore } from './store/history.js';
import { LibraryStore } from './store/library.js';
import { PlayerStore } from './store/player-store.js';
import { PlaylistStore } from './store/playlists.js';
import { ResumeStore } from './store/resume-points.js';
import { SearchStore } from './store/search.js';
import { TokenStore } from './store/tokens.js';

/** Everything routes share: the stores over one database, renderers and the clock. */
export interface ServiceContext {
  db: Database;
  catalog: CatalogStore;
  render: CatalogRenderer;
  playlists: PlaylistStore;
  library: LibraryStore;
  history: HistoryStore;
  search: SearchStore;
  resume: ResumeStore;
  tokens: TokenStore;
  playback: PlaybackService;
  contexts: PlayContexts;
  /** Whole response bodies keyed by everything they depend on (routes/rendered.ts makes the keys). */
  bodies: RenderCache<RenderedBody>;
  /** One counter for each kind of data writes change, bumped by the store that writes it. */
  versions: Versions;
  now: () => number;
  /** The service's own origin, for requests whose Host header cannot be trusted; set once listening. */
  fallbackOrigin: string;
  /** Answering as the real service answers a development-mode app (dev-mode.ts): routes with bounds of their own read it. */
  devMode: boolean;
  /** The files behind the catalog (a music folder's), or null for the generated demo catalog. */
  media: MediaSource | null;
  /** The rules of the playlists kept as files of the music folder (decisions §21), while they are open; null otherwise. */
  playlistFiles: PlaylistFileRules | null;
  /** Why the catalog cannot be heard (no sound engine), in one line that says how to mend it; null when it can or need not be. */
  soundProblem: string | null;
}

export function createContext(db: Database, now: () => number = Date.now, fallbackOrigin = 'http://127.0.0.1', devMode = false, media: MediaSource | null = null): ServiceContext {
  const versions = new Versions();
  const history = new HistoryStore(db, versions);
  const catalog = new CatalogStore(db);
  const resume = new ResumeStore(db, versions);
  const playlists = new PlaylistStore(db, versions);
  const library = new LibraryStore(db, versions);
  const contexts = new PlayContexts(catalog, playlists, library, versions);
  const playback = new PlaybackService(new PlayerStore(db, versions), playlists, contexts, resume, new ResumeTracker(resume), new HistoryTracker(history));
  return {
    db,
    catalog,
    render: new CatalogRenderer(catalog, resume, versions),
    playlists,
    library,
    history,
    search: new SearchStore(db),
    resume,
    tokens: new TokenStore(db),
    playback,
    contexts,
    // 2 MB: the embedded service shares the dashboard's process, and the pages asked again are the few near a
    // list's window (a page of 50 liked songs is ~135 kB). 8 MB cost the 10,000-item walk ~8 MB of its peak.
    bodies: new RenderCache<RenderedBody>(2 * 1024 * 1024, (rendered) => rendered.bytes.length),
    versions,
    now,
    fallbackOrigin,
    devMode,
    media,
    playlistFiles: null,
    soundProblem: null,
  };
}

/**
 * The catalog changed under the service (a music folder's scan committed a batch): every cache made of it
 * lets go (the memos of rows; the rendered documents, bodies and play contexts by the catalog's version), and
 * the library too, which the scan adds to what it sees first.
 */
export function catalogChanged(context: ServiceContext): void {
  context.catalog.forget();
  context.versions.bump('catalog');
  context.versions.bump('library');
}
