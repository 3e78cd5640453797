import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One access line per request: Fastify's "request completed" (or "request errored") carries
 * the request too (method, URL with its secrets masked, host, remote address), and its
 * "incoming request" line is written at debug level only. Two lines per request cost the
 * providers' wallet callbacks about a tenth of their rate at the default level, info
 * (decision 114); one line still tells who asked what, the answer and how long it took.
 * A request that never completes (a hung handler, a crash) shows at debug level.
 */
export class AccessLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info(
        { req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      );
    }
  }
}
