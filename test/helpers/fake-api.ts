import type { Api, ConnectionStatus, PageRequest, RequestOptions } from '../../src/api/api.js';
import { ApiError, type ApiErrorKind } from '../../src/api/errors.js';
import type { Chapter, Episode, Paging, PlayableItem, PlaybackState, SimplifiedPlaylist, Track } from '../../src/api/types.js';
import { createFakeCatalog, type FakeCatalog } from './fake-catalog.js';
import { FakeDevices } from './fake-devices.js';
import { FakeLibrary, fakeLibraryMethods } from './fake-library.js';
import { FakePlayer, type PlaybackPatch } from './fake-player.js';
import { resolveStart } from './fake-play-context.js';
import { FakePlaylists } from './fake-playlists.js';

/**
 * An in-memory `Api` with the demo data of decisions.md §10 in small: 14 playlists (the second one 10,000
 * items long, the third mixing tracks and episodes, the last two owned by someone else, the first of those
 * collaborative), 25 saved shows, 6 audiobooks of 12 chapters, and a player playing the first playlist.
 *
 * Answers come asynchronously, like a network's; unchanged data comes back as the very same object (as the
 * real client returns on a 304), so reference checks can be tested. The player's clock is the test's: see
 * `advancePlayback`. Paging limits are checked as the service checks them.
 */

export type ApiMethod = Exclude<keyof Api, 'getConnection' | 'onConnectionChange'>;

export interface FakeCall {
  method: ApiMethod;
  args: unknown[];
}

export interface FakeApiOptions {
  /** Changes to the initial playback state, or null for "nothing playing" (the 204 case). */
  playback?: PlaybackPatch | null;
  connection?: ConnectionStatus;
  /** Playlists written as the real service is known to write them (fake-playlists.ts): opaque snapshot ids among others. */
  asRealService?: boolean;
}

export interface FailNextOptions {
  /** Only a call of this method fails (default: the next call of any method). */
  method?: ApiMethod;
  /** How many calls fail (default 1). */
  times?: number;
  message?: string;
  details?: ApiError['details'];
}

export interface FakeHold {
  /** Lets every held call (and later ones) answer. */
  release(): void;
}

export interface FakeApi extends Api {
  readonly catalog: FakeCatalog;
  /** What the user saved (liked songs, albums, artists, shows, audiobooks), by URI. */
  readonly library: FakeLibrary;
  /** Every call made, in order, with its arguments (the options object included). */
  readonly calls: FakeCall[];
  callsTo(method: ApiMethod): FakeCall[];
  /**
   * Makes the next call fail with an `ApiError`. Given an error kind (`'rate-limited'`), the next call (of
   * `options.method` if given) fails with it; given a method name (`'getSavedShows'`), that method's next call
   * fails with `unavailable`.
   */
  failNext(kindOrMethod: ApiErrorKind | ApiMethod, options?: FailNextOptions): void;
  /** Keeps calls of `method` unanswered until `release()`; an abort still rejects them at once. */
  hold(method: ApiMethod): FakeHold;
  currentPlayback(): PlaybackState | null;
  setPlayback(state: PlaybackState | null): void;
  updatePlayback(patch: PlaybackPatch): void;
  /** Plays `ms` more: the position moves, and at an item's end the next one starts. */
  advancePlayback(ms: number): void;
  setConnection(status: ConnectionStatus): void;
  playlists(): SimplifiedPlaylist[];
  /** Takes a device away, as when it goes offline. */
  removeDevice(deviceId: string): void;
  /**
   * Changes an episode or chapter (its resume point, whether it plays in the user's market) as the service
   * would have it; every page is read anew from then on.
   */
  changeItem(id: string, patch: ItemPatch): void;
}

export type ItemPatch = Partial<Pick<Episode, 'resume_point' | 'is_playable' | 'restrictions' | 'name'>> & Partial<Pick<Track, 'is_local'>>;

const ERROR_KINDS: readonly ApiErrorKind[] = ['bad-request', 'unauthorized', 'forbidden', 'not-found', 'conflict',
  'rate-limited', 'unavailable', 'timeout', 'network', 'aborted', 'malformed'];
const STATUS_OF: Partial<Record<ApiErrorKind, number>> = {
  'bad-request': 400, unauthorized: 401, forbidden: 403, 'not-found': 404, conflict: 409, 'rate-limited': 429,
  unavailable: 503,
};
export const FAKE_RETRY_AFTER_MS = 12_000;

export function fakeApiError(kind: ApiErrorKind, message = `Fake ${kind} error`, details: ApiError['details'] = {}) {
  const retry = kind === 'rate-limited' ? { retryAfterMs: FAKE_RETRY_AFTER_MS } : {};
  return new ApiError(kind, message, { status: STATUS_OF[kind], ...retry, ...details });
}

const notFound = (): ApiError => fakeApiError('not-found', 'Resource not found');

export function createFakeApi(options: FakeApiOptions = {}): FakeApi {
  const catalog = createFakeCatalog();
  const playlists = new FakePlaylists(catalog, { asRealService: options.asRealService });
  const library = new FakeLibrary(catalog);
  const firstPlaylist = playlists.list()[0]!;
  const queue = playlists.items(firstPlaylist.id).items.flatMap((entry) => (entry.track ? [entry.track] : []));
  const player = new FakePlayer(queue, firstPlaylist.uri);
  const devices = new FakeDevices();
  const queueAnswers = new Map<string, { currentlyPlaying: PlayableItem | null; queue: PlayableItem[] }>();
  if (options.playback === null) player.set(null);
  else if (options.playback) player.update(options.playback);

  const calls: FakeCall[] = [];
  const failures: { method?: ApiMethod; error: ApiError; times: number }[] = [];
  const holds = new Map<ApiMethod, { promise: Promise<void>; release: () => void }>();
  const pages = new Map<string, Paging<unknown>>();
  const simplifiedChapters = new Map<string, Chapter[]>();
  let connection: ConnectionStatus = options.connection ?? { state: 'online' };
  const listeners = new Set<(status: ConnectionStatus) => void>();

  function takeFailure(method: ApiMethod): ApiError | undefined {
    const index = failures.findIndex((failure) => failure.method === undefined || failure.method === method);
    const failure = failures[index];
    if (!failure) return undefined;
    if (--failure.times === 0) failures.splice(index, 1);
    return failure.error;
  }

  function waitForHold(method: ApiMethod, signal: AbortSignal | undefined): Promise<void> {
    const hold = holds.get(method);
    if (!hold) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onAbort = (): void => reject(fakeApiError('aborted', 'Request aborted'));
      signal?.addEventListener('abort', onAbort, { once: true });
      void hold.promise.then(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      });
    });
  }

  async function respond<T>(method: ApiMethod, args: unknown[], produce: () => T): Promise<T> {
    calls.push({ method, args });
    const signal = args.find((arg): arg is RequestOptions => typeof arg === 'object' && arg !== null && 'signal' in arg)
      ?.signal;
    const failure = takeFailure(method);
    await waitForHold(method, signal);
    if (signal?.aborted) throw fakeApiError('aborted', 'Request aborted');
    if (failure) throw failure;
    return produce();
  }

  function page<T>(key: string, all: () => readonly T[], request: PageRequest, maxLimit: number): Paging<T> {
    const { limit, offset } = request;
    if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit) {
      throw fakeApiError('bad-request', `Invalid limit: must be an integer from 1 to ${maxLimit}`);
    }
    if (!Number.isInteger(offset) || offset < 0) {
      throw fakeApiError('bad-request', 'Invalid offset: must be a non-negative integer');
    }
    const cacheKey = `${key}:${offset}:${limit}`;
    const cached = pages.get(cacheKey) as Paging<T> | undefined;
    if (cached) return cached;
    const items = all();
    const href = (at: number): string => `fake://${key}?offset=${at}&limit=${limit}`;
    const result: Paging<T> = {
      href: href(offset), limit, offset, total: items.length, items: items.slice(offset, offset + limit),
      next: offset + limit < items.length ? href(offset + limit) : null,
      previous: offset > 0 ? href(Math.max(0, offset - limit)) : null,
    };
    pages.set(cacheKey, result);
    return result;
  }

  function lookup<T extends Track | Episode | Chapter>(id: string, type: T['type']): T | null {
    const item = catalog.byId.get(id);
    return item?.type === type ? (item as T) : null;
  }

  function chaptersOf(audiobookId: string): Chapter[] {
    let chapters = simplifiedChapters.get(audiobookId);
    if (!chapters) {
      const full = catalog.chaptersByAudiobook.get(audiobookId);
      if (!full) throw notFound();
      chapters = full.map((chapter) => ({ ...chapter, audiobook: null }));
      simplifiedChapters.set(audiobookId, chapters);
    }
    return chapters;
  }

  /** Simplified episodes (no `show`), in the show's order. */
  const simplifiedEpisodes = new Map<string, Episode[]>();
  function episodesOf(showId: string): Episode[] {
    let episodes = simplifiedEpisodes.get(showId);
    if (!episodes) {
      episodes = catalog.episodes.filter((episode) => episode.show?.id === showId).map((episode) => ({ ...episode, show: null }));
      simplifiedEpisodes.set(showId, episodes);
    }
    return episodes;
  }

  const found = <T>(value: T | null): T => {
    if (value === null) throw notFound();
    return value;
  };

  return {
    catalog,
    library,
    calls,
    callsTo: (method) => calls.filter((call) => call.method === method),
    failNext(kindOrMethod, { method, times = 1, message, details } = {}) {
      const isKind = (ERROR_KINDS as readonly string[]).includes(kindOrMethod);
      const kind = isKind ? (kindOrMethod as ApiErrorKind) : 'unavailable';
      const onMethod = isKind ? method : (kindOrMethod as ApiMethod);
      failures.push({ method: onMethod, error: fakeApiError(kind, message, details), times });
    },
    hold(method) {
      let release = (): void => {};
      const promise = new Promise<void>((resolve) => (release = resolve));
      holds.set(method, { promise, release });
      return {
        release() {
          if (holds.get(method)?.promise === promise) holds.delete(method);
          release();
        },
      };
    },
    currentPlayback: () => player.current(),
    setPlayback: (state) => player.set(state),
    updatePlayback: (patch) => player.update(patch),
    advancePlayback: (ms) => player.advance(ms),
    setConnection(status) {
      connection = status;
      for (const listener of listeners) listener(status);
    },
    playlists: () => playlists.list(),
    removeDevice: (deviceId) => devices.remove(deviceId),
    changeItem(id, patch) {
      const item = catalog.byId.get(id);
      if (!item) throw new Error(`No item ${id} in the fake catalog`);
      Object.assign(item, patch);
      pages.clear();
      simplifiedEpisodes.clear();
      simplifiedChapters.clear();
    },

    getMe: (...args) => respond('getMe', args, () => catalog.user),
    getPlaybackState: (...args) => respond('getPlaybackState', args, () => player.current()),
    play: (...args) => respond('play', args, () => player.play()),
    pause: (...args) => respond('pause', args, () => player.pause()),
    next: (...args) => respond('next', args, () => player.next()),
    previous: (...args) => respond('previous', args, () => player.previous()),
    seek: (...args) => respond('seek', args, () => player.seek(args[0])),
    setShuffle: (...args) => respond('setShuffle', args, () => player.setShuffle(args[0])),
    setRepeat: (...args) => respond('setRepeat', args, () => player.setRepeat(args[0])),
    startPlayback: (...args) =>
      respond('startPlayback', args, () => {
        const start = resolveStart(args[0], catalog, playlists, library);
        player.start(start.queue, start.context, start.index, start.positionMs);
      }),
    setVolume: (...args) =>
      respond('setVolume', args, () => {
        const [percent] = args;
        if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw fakeApiError('bad-request', 'Invalid volume_percent');
        player.setVolume(percent);
      }),
    getDevices: (...args) =>
      respond('getDevices', args, () => {
        const device = player.current()?.device ?? null;
        return devices.list(device?.id ?? null, device?.volume_percent ?? null);
      }),
    transferPlayback: (...args) =>
      respond('transferPlayback', args, () => {
        const [deviceId, play] = args;
        const target = devices.target(deviceId);
        const leaving = player.current()?.device;
        if (leaving) devices.remember(leaving);
        player.moveTo(target, play);
      }),
    getQueue: (...args) =>
      respond('getQueue', args, () => {
        const answer = { currentlyPlaying: player.current()?.item ?? null, queue: player.upNext() };
        const key = JSON.stringify([answer.currentlyPlaying?.id, answer.queue.map((item) => item.id)]);
        const cached = queueAnswers.get(key);
        if (cached) return cached;
        queueAnswers.set(key, answer);
        return answer;
      }),
    addToQueue: (...args) =>
      respond('addToQueue', args, () => {
        const [uri] = args;
        const match = /^[a-z]+:(track|episode):([A-Za-z0-9-]+)$/.exec(uri);
        if (!match) throw fakeApiError('bad-request', `Invalid uri ${uri}`);
        const item = catalog.byId.get(match[2]!);
        if (item?.type !== match[1]) throw fakeApiError('not-found', 'Resource not found');
        player.addToQueue(item as PlayableItem);
      }),

    getMyPlaylists: (...args) =>
      respond('getMyPlaylists', args, () => page(`me/playlists@${playlists.changeCount}`, () => playlists.list(), args[0], 50)),
    getPlaylist: (...args) => respond('getPlaylist', args, () => playlists.get(args[0])),
    getPlaylistSnapshot: (...args) => respond('getPlaylistSnapshot', args, () => playlists.get(args[0]).snapshot_id),
    getPlaylistItems: (...args) =>
      respond('getPlaylistItems', args, () => {
        const [playlistId, request] = args;
        const snapshot = playlists.get(playlistId).snapshot_id;
        return page(`playlists/${playlistId}@${snapshot}`, () => playlists.items(playlistId).items, request, 100);
      }),
    reorderPlaylistItems: (...args) => respond('reorderPlaylistItems', args, () => playlists.reorder(args[0], args[1])),
    replacePlaylistItems: (...args) => respond('replacePlaylistItems', args, () => playlists.replace(args[0], args[1])),
    addPlaylistItems: (...args) => respond('addPlaylistItems', args, () => playlists.add(args[0], args[1], args[2])),
    removePlaylistItems: (...args) => respond('removePlaylistItems', args, () => playlists.remove(args[0], args[1], args[2])),
    createPlaylist: (...args) => respond('createPlaylist', args, () => playlists.create(args[0])),
    changePlaylistDetails: (...args) => respond('changePlaylistDetails', args, () => playlists.changeDetails(args[0], args[1])),

    getSavedShows: (...args) =>
      respond('getSavedShows', args, () => page(`me/shows@${library.version}`, () => catalog.savedShows.filter(({ show }) => library.isSaved(show.uri)), args[0], 50)),
    getSavedAudiobooks: (...args) =>
      respond('getSavedAudiobooks', args, () =>
        page(`me/audiobooks@${library.version}`, () => catalog.savedAudiobooks.filter(({ audiobook }) => library.isSaved(audiobook.uri)), args[0], 50)),
    getAudiobookChapters: (...args) =>
      respond('getAudiobookChapters', args, () => page(`audiobooks/${args[0]}`, () => chaptersOf(args[0]), args[1], 50)),

    getShow: (...args) => respond('getShow', args, () => found(catalog.shows.find((show) => show.id === args[0]) ?? null)),
    getShowEpisodes: (...args) =>
      respond('getShowEpisodes', args, () => {
        const [showId, request] = args;
        if (!catalog.shows.some((show) => show.id === showId)) throw notFound();
        return page(`shows/${showId}`, () => episodesOf(showId), request, 50);
      }),
    getEpisode: (...args) => respond('getEpisode', args, () => found(lookup<Episode>(args[0], 'episode'))),
    getTrack: (...args) => respond('getTrack', args, () => found(lookup<Track>(args[0], 'track'))),
    getTracks: (...args) => respond('getTracks', args, () => args[0].map((id) => lookup<Track>(id, 'track'))),
    getChapter: (...args) => respond('getChapter', args, () => found(lookup<Chapter>(args[0], 'chapter'))),
    getChapters: (...args) => respond('getChapters', args, () => args[0].map((id) => lookup<Chapter>(id, 'chapter'))),

    ...fakeLibraryMethods(library, () => playlists.list(), respond, page, notFound),

    // The fake catalog lists no pictures; a test that asks gets bytes that are no picture (a placeholder shows).
    getImage: async (url, decode) => respond('getImage', [url], () => decode(Buffer.alloc(0))),

    getConnection: () => connection,
    onConnectionChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
