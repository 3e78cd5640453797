import fastifyRateLimit from '@fastify/rate-limit';
import { ErrorCode } from '@casino/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

/**
 * @fastify/rate-limit, off by default: a route opts in with `config: { rateLimit: { max,
 * timeWindow } }`, keyed by the client IP (request.ip, which honours TRUST_PROXY). Counts
 * are kept in this process's memory: right for cheap abuse guards such as the availability
 * checks; limits that must hold across instances (login failures) live in the database.
 * A refusal is a 429 in the API's error shape with Retry-After.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        429,
        ErrorCode.RATE_LIMITED,
        'Too many requests. Please slow down and try again shortly.',
        undefined,
        Math.ceil(context.ttl / 1000),
      ),
  });
}
