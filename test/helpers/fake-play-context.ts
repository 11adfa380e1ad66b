import type { PlayTarget } from '../../src/api/play-context.js';
import type { PlayableItem, PlaybackState } from '../../src/api/types.js';
import { fakeApiError } from './fake-api.js';
import type { FakeCatalog } from './fake-catalog.js';
import type { FakeLibrary } from './fake-library.js';
import type { FakePlaylists } from './fake-playlists.js';

/** What Start Playback with a body resolves to in the fake: the queue, its context, where to start. */
export interface FakeStart {
  queue: PlayableItem[];
  context: PlaybackState['context'];
  index: number;
  positionMs: number;
}

/** Refuses as the embedded service does: 400 for a bad offset, 404 unknown, 403 unavailable in GB. */
export function resolveStart(target: PlayTarget, catalog: FakeCatalog, playlists: FakePlaylists, library?: FakeLibrary): FakeStart {
  let queue: PlayableItem[];
  let context: PlaybackState['context'] = null;
  if ('uris' in target) {
    queue = target.uris.map((uri) => catalog.byUri.get(uri) ?? notFound('uris'));
  } else {
    const [, type, id = '', tail] = target.contextUri.split(':');
    // Liked songs, as the real service names them: `prefix:user:ID:collection`, newest first.
    if (type === 'user' && tail === 'collection') {
      if (id !== catalog.user.id) throw fakeApiError('forbidden', "Cannot play another user's liked songs");
      queue = library?.likedTracks() ?? [];
      if (queue.length === 0) notFound('context_uri');
      return startAt(target, queue, { type: 'collection', uri: target.contextUri, href: null });
    }
    if (type === 'album') queue = library?.tracksOf(id) ?? [];
    else if (type === 'playlist') queue = playlists.items(id).items.flatMap((entry) => (entry.track ? [entry.track] : []));
    else if (type === 'show') queue = catalog.episodes.filter((episode) => episode.show?.id === id);
    else if (type === 'audiobook') queue = catalog.chaptersByAudiobook.get(id) ?? [];
    else throw fakeApiError('bad-request', 'Invalid context_uri');
    if (queue.length === 0) notFound('context_uri');
    context = { type, uri: target.contextUri, href: null };
  }
  return startAt(target, queue, context);
}

function startAt(target: PlayTarget, queue: PlayableItem[], context: PlaybackState['context']): FakeStart {
  const { offset } = target;
  const index = offset === undefined ? 0 : 'position' in offset ? offset.position : queue.findIndex((item) => item.uri === offset.uri);
  const item = queue[index];
  if (item === undefined) throw fakeApiError('bad-request', 'Invalid offset');
  if (!item.is_playable) {
    throw fakeApiError('forbidden', `Player command failed: ${item.type} ${item.id} is not available in GB`, { reason: 'UNKNOWN' });
  }
  const resume = item.type === 'track' ? null : item.resume_point;
  const positionMs = target.positionMs ?? (resume && !resume.fully_played ? resume.resume_position_ms : 0);
  return { queue, context, index, positionMs };
}

function notFound(field: string): never {
  throw fakeApiError('not-found', `Resource not found: ${field}`);
}
