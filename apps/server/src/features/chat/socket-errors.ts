import type { WebSocket } from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';

/** Errors of a peer's connection going away under us: nothing to act on. */
const dropped = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/**
 * What @fastify/websocket calls when a socket errs. Its default logs every error at error
 * level, yet most are the client's doing: ws refuses a frame over maxPayload, invalid UTF-8 or
 * a bad opcode with a `WS_ERR_*` code and is already closing the socket with 1009 or 1002,
 * which the client should see. Those are a client's mistake: a warning (issue 25). A dropped
 * connection is routine: info. Anything else is ours: error. Those end the socket at once,
 * as the default does.
 */
export function socketErrorHandler(error: Error, socket: WebSocket, request: FastifyRequest): void {
  const code = (error as { code?: unknown }).code;
  const summary = { err: { message: error.message, code } };
  if (typeof code === 'string' && code.startsWith('WS_ERR_')) {
    request.log.warn(summary, 'websocket frame refused');
    return;
  }
  if (typeof code === 'string' && dropped.has(code)) {
    request.log.info(summary, 'websocket connection dropped');
  } else request.log.error({ err: error }, 'websocket failed');
  socket.terminate();
}
