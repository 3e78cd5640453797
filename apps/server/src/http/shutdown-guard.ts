import { ErrorCode } from '@casino/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';
import { livenessPath, readinessPath } from '../features/health';
import type { Lifecycle } from '../lib/operations/lifecycle';

/** Probes keep their own answers while shutting down: live 200, ready 503 with its reasons. */
const probePaths = new Set([livenessPath, readinessPath]);

/**
 * From the moment shutdown begins (SIGTERM, see lib/operations/graceful-shutdown.ts, or
 * app.close()): responses carry `Connection: close`, so a kept-alive socket is released
 * when its in-flight request finishes instead of holding close() up until the keep-alive
 * timeout; and a new request gets a 503 in the API's error shape (the app sets
 * return503OnClosing: false because Fastify's own 503 has a different body), a WebSocket
 * upgrade included. Every other request is counted in flight until its response closes, so
 * the shutdown knows when the last one was answered.
 */
export function addShutdownGuard(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook('preClose', (done) => {
    lifecycle.beginShutdown();
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!lifecycle.shuttingDown || probePaths.has(request.url.split('?')[0] ?? '')) {
      // A socket is not a request being answered: it ends by its own shutdown listener.
      if (request.headers.upgrade === undefined) {
        reply.raw.once('close', lifecycle.requestStarted());
      }
      done();
      return;
    }
    done(new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, 'The server is shutting down.'));
  });
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (lifecycle.shuttingDown) reply.header('connection', 'close');
    done();
  });
}
