import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import type { ServiceContext } from '../context.js';
import { errorBody } from '../errors.js';
import { sendJson } from '../http.js';
import { coverPng } from '../images/cover-picture.js';
import { readPictureIds } from '../images/picture-ids.js';
import { RollingWindowLimiter } from '../rate-limit.js';
import type { RenderedBody } from '../render/cache.js';
import { IMAGE_SIZES } from '../seed/text.js';
import { coverOf } from '../music/covers.js';
import { musicLibraryOf } from '../music/music-library.js';

interface Shown extends RenderedBody {
  type: string;
  /** A folder's cover, which may change: not kept by clients without asking. */
  mayChange: boolean;
}

/**
 * The pictures the catalog's image URLs point at: made from the id on first ask, never stored; for an album,
 * show or audiobook of a music folder, its own cover (music/covers.ts: JPEG or PNG as it is, within a budget;
 * one past it is refused, and the dashboard shows its placeholder), or a made one where it has none. A made
 * picture never changes for its URL, so clients may keep it for a year (a folder's cover may change: asked
 * again with its ETag); the ETag covers a change of the generator.
 * No token (the dashboard asks without one, as of the real service's image host), so the work anyone can
 * cause is bounded: only the catalog's ids in its three sizes, the last ones kept, and a few made per second
 * per client address.
 */
const NAME = /^([A-Za-z0-9]{1,64})-(\d{1,4})\.png$/;
const KEPT = 64;
/** Pictures made (not those kept) per client address in 30 s: a dashboard asks one per item played. */
export const PICTURES_MADE_PER_WINDOW = 60;

export async function imageRoutes(app: FastifyInstance, { context }: { context: ServiceContext }): Promise<void> {
  // The few pictures on screen are asked for again and again (several dashboards, restarts): keep the last ones.
  const recent = new Map<string, Shown>();
  const made = new RollingWindowLimiter(PICTURES_MADE_PER_WINDOW);
  let pictureIds: ReadonlySet<string> | null = null;
  // A music folder's catalog changes: the ids and the pictures kept are those of its version.
  let catalogVersion = context.versions.of('catalog');
  const filesOf = context.db.prepare('SELECT root, path FROM music_files WHERE container_id = ? ORDER BY path LIMIT 3');
  // One cover read at a time: each may read megabytes of a file.
  let reading: Promise<unknown> = Promise.resolve();
  const notFound = (reply: FastifyReply) =>
    sendJson(reply, errorBody(404, `No such image; images are /images/{id}-{size}.png for an id of the catalog, with size one of ${IMAGE_SIZES.join(', ')}`), 404);

  app.get<{ Params: { name: string } }>('/images/:name', { config: { servedWhenDamaged: true } }, async (request, reply) => {
    const match = NAME.exec(request.params.name);
    const size = Number(match?.[2]);
    if (!match || !IMAGE_SIZES.includes(size)) return notFound(reply);
    if (catalogVersion !== context.versions.of('catalog')) {
      catalogVersion = context.versions.of('catalog');
      pictureIds = null;
      recent.clear();
    }
    const key = request.params.name;
    let rendered = recent.get(key);
    if (rendered === undefined) {
      pictureIds ??= readPictureIds(context.db, musicLibraryOf(context) !== null);
      if (!pictureIds.has(match[1]!)) return notFound(reply);
      const verdict = made.take(request.ip, context.now());
      if (!verdict.allowed) {
        reply.header('retry-after', String(verdict.retryAfterSeconds));
        return sendJson(reply, errorBody(429, 'Too many pictures asked for: try again shortly'), 429);
      }
      const music = musicLibraryOf(context);
      const files = music ? (filesOf.all(match[1]!) as { root: 'music' | 'podcasts'; path: string }[]) : [];
      const paths = files.flatMap((file) => (music?.folders[file.root] ? [`${music.folders[file.root]}/${file.path}`] : []));
      const read = reading.then(() => (paths.length > 0 ? coverOf(paths) : null));
      reading = read.catch(() => null);
      const cover = await read;
      if (cover === 'too large') return sendJson(reply, errorBody(404, 'The picture is past the size pictures are served at'), 404);
      const bytes = cover?.bytes ?? coverPng(match[1]!, size);
      rendered = { bytes, etag: `"${createHash('sha1').update(bytes).digest('base64url')}"`, type: cover?.type ?? 'image/png', mayChange: paths.length > 0 };
      if (recent.size >= KEPT) recent.delete(recent.keys().next().value!);
    } else {
      recent.delete(key);
    }
    recent.set(key, rendered);
    return sendPicture(request, reply, rendered);
  });
}

function sendPicture(request: FastifyRequest, reply: FastifyReply, rendered: Shown): FastifyReply {
  reply.header('etag', rendered.etag).header('cache-control', rendered.mayChange ? 'no-cache' : 'public, max-age=31536000, immutable');
  if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === rendered.etag)) return reply.code(304).send();
  return reply.code(200).type(rendered.type).send(rendered.bytes);
}
