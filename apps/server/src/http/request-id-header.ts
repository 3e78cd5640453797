import type { FastifyInstance } from 'fastify';
import { requestIdHeader } from '../lib/request-id';

/** Echoes the request id, so a client can quote it and support can find the log lines. */
export function addRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(requestIdHeader, request.id);
    done();
  });
}
