import { ErrorCode } from '@casino/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

/**
 * From the moment app.close() starts: responses carry `Connection: close`, so a kept-alive
 * socket is released when its in-flight request finishes instead of holding close() up
 * until the keep-alive timeout; and a request that still slips in gets a 503 in the API's
 * error shape (the app sets return503OnClosing: false because Fastify's own 503 has a
 * different body).
 */
export function addShutdownGuard(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (_request, _reply, done) => {
    if (!closing) {
      done();
      return;
    }
    done(new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, 'The server is shutting down.'));
  });
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (closing) reply.header('connection', 'close');
    done();
  });
}
