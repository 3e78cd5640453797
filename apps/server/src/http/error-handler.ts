import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { classifyError } from './classify-error';
import { requestIdHeader } from '../lib/request-id';
import { errorBody } from './error-body';

/**
 * The app's error handler: every failure leaves as `{ error: { code, message, … } }`.
 * Unexpected failures are logged with their stack and answered with a generic text;
 * planned ones (AppError, client mistakes) are logged in one line, as expected traffic.
 */
export function handleError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const failure = classifyError(error);
  if (failure.unexpected) {
    request.log.error({ err: error }, 'request failed');
  } else {
    const level = failure.statusCode >= 500 ? 'warn' : 'info';
    request.log[level](
      { code: failure.code, statusCode: failure.statusCode },
      failure.logText ?? error.message,
    );
  }
  if (failure.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(Math.max(1, Math.ceil(failure.retryAfterSeconds))));
  } else if (failure.statusCode === 503) {
    reply.header('retry-after', '5');
  }
  // Errors raised before the onRequest hooks (a malformed URL) have no id header yet.
  reply.header(requestIdHeader, request.id);
  reply
    .code(failure.statusCode)
    .type('application/json; charset=utf-8')
    // Bypasses the route's response schema: a route may declare its own body for this
    // status (health declares 503), and the error shape must not be checked against it.
    .serializer(JSON.stringify)
    .send(errorBody(failure.code, failure.message, request.id, failure.fields));
}
