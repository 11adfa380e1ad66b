import { sendJson } from '../http.js';
import { musicLibraryOf } from '../music/music-library.js';
import { plainRoute } from './route.js';

/**
 * `GET /playdeck/library`, ours and not the public API's (docs/api/music-folder.md): the music folder served,
 * how its scan goes, and why it cannot be heard, for a dashboard (its own service's or one it joined) to show
 * in its status line. Never cached: the scan's counts move.
 */
export const musicLibrary = plainRoute((context) => (_request, reply) => {
  const music = musicLibraryOf(context);
  const progress = music?.scan.progress ?? null;
  const scan = progress && { state: progress.state, first: progress.first, found: progress.found, read: progress.read, per_second: progress.perSecond };
  const body = { folder: music?.folders.music ?? null, podcasts: music?.folders.podcasts ?? null, scan, sound_problem: context.soundProblem };
  reply.header('cache-control', 'no-store');
  return sendJson(reply, JSON.stringify(body));
});
