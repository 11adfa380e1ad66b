import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendJson } from '../http.js';
import { errorBody } from '../errors.js';
import { coverPng } from '../images/cover-picture.js';
import type { RenderedBody } from '../render/cache.js';
import { createHash } from 'node:crypto';
import { IMAGE_SIZES } from '../seed/text.js';

/**
 * The pictures the demo catalog's image URLs point at: made from the id on first ask, never stored. A picture
 * never changes for its URL, so clients may keep it for a year; the ETag covers a change of the generator.
 */
const NAME = /^([A-Za-z0-9]{1,64})-(\d{1,4})\.png$/;
const KEPT = 64;

export async function imageRoutes(app: FastifyInstance): Promise<void> {
  // The few pictures on screen are asked for again and again (several dashboards, restarts): keep the last ones.
  const recent = new Map<string, RenderedBody>();
  app.get<{ Params: { name: string } }>('/images/:name', { config: { servedWhenDamaged: true } }, (request, reply) => {
    const match = NAME.exec(request.params.name);
    const size = Number(match?.[2]);
    if (!match || !IMAGE_SIZES.includes(size)) {
      return sendJson(reply, errorBody(404, `No such image; images are /images/{id}-{size}.png with size one of ${IMAGE_SIZES.join(', ')}`), 404);
    }
    const key = request.params.name;
    let rendered = recent.get(key);
    if (rendered === undefined) {
      const bytes = coverPng(match[1]!, size);
      rendered = { bytes, etag: `"${createHash('sha1').update(bytes).digest('base64url')}"` };
      if (recent.size >= KEPT) recent.delete(recent.keys().next().value!);
    } else {
      recent.delete(key);
    }
    recent.set(key, rendered);
    return sendPicture(request, reply, rendered);
  });
}

function sendPicture(request: FastifyRequest, reply: FastifyReply, rendered: RenderedBody): FastifyReply {
  reply.header('etag', rendered.etag).header('cache-control', 'public, max-age=31536000, immutable');
  if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === rendered.etag)) return reply.code(304).send();
  return reply.code(200).type('image/png').send(rendered.bytes);
}
