import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../errors.js';
import { sendJson } from '../http.js';
import { CHALLENGE, INSTANCE_PATH, instanceProof, type ExpectedInstance } from '../instance-file.js';
import { single, type Query } from '../params.js';

/**
 * Which start of the service this is, proven: the HMAC of the caller's challenge with the secret of this start
 * (instance-file.ts). No token is asked for: a dashboard about to join sends none before the service proved
 * itself. The answer tells nothing but the start's random id and the proof, which serves no other challenge.
 */
export async function instanceRoutes(app: FastifyInstance, { instance }: { instance: ExpectedInstance }): Promise<void> {
  // Still answered on a damaged database, so that a second dashboard joins (and hears why) rather than opening the file itself.
  app.get(INSTANCE_PATH, { config: { servedWhenDamaged: true } }, (request: FastifyRequest<{ Querystring: Query }>, reply) => {
    const challenge = single(request.query, 'challenge');
    if (challenge === undefined || !CHALLENGE.test(challenge)) throw badRequest('Missing or malformed challenge: 32 random bytes in base64url');
    return sendJson(reply, JSON.stringify({ instance: instance.instance, proof: instanceProof(instance, challenge) }));
  });
}
