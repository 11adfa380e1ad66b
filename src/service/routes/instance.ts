import type { FastifyInstance } from 'fastify';
import { sendJson } from '../http.js';
import { INSTANCE_PATH, type InstanceAnswer } from '../instance-file.js';

/** Which start of the service this is and which database it serves, for a dashboard deciding to join it. */
export async function instanceRoutes(app: FastifyInstance, { instance }: { instance: InstanceAnswer }): Promise<void> {
  // Still answered on a damaged database, so that a second dashboard joins (and hears why) rather than opening the file itself.
  app.get(INSTANCE_PATH, { config: { auth: { scope: null }, servedWhenDamaged: true } }, (_request, reply) => sendJson(reply, JSON.stringify(instance)));
}
