import fastifyRateLimit from '@fastify/rate-limit';
import { ErrorCode } from '@casino/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';
import type { SharedState } from '../lib/shared-state/shared-state';

type Counted = { current: number; ttl: number };
type Done = (error: Error | null, result?: Counted) => void;

/** What @fastify/rate-limit calls on a store; `routeInfo` and `groupId` name the limiter. */
interface RouteLimitOptions {
  groupId?: string;
  routeInfo?: { method?: string; url?: string };
}

/**
 * @fastify/rate-limit's store over the app's SharedState: fixed windows counted in Redis when
 * REDIS_URL is set, so N instances do not give N times the requests (decision 054); in this
 * process otherwise. A route's counters are named by its method and URL; a limiter made with
 * app.rateLimit() has no route and must be given a `groupId`.
 */
export function sharedStateRateLimitStore(shared: SharedState) {
  return class SharedStateRateLimitStore {
    constructor(
      _globalOptions?: unknown,
      readonly prefix = 'rate-limit:',
    ) {}

    incr(key: string, done: Done, timeWindow: number): void {
      const name = this.prefix + key;
      shared
        .increment(name, 1, timeWindow)
        .then(async (current) => {
          const ttl = await shared.remainingMs(name);
          done(null, { current, ttl: ttl > 0 ? ttl : timeWindow });
        })
        .catch((error: unknown) => done(error instanceof Error ? error : new Error(String(error))));
    }

    read(key: string, done: Done): void {
      const name = this.prefix + key;
      Promise.all([shared.read(name), shared.remainingMs(name)])
        .then(([current, ttl]) => done(null, { current, ttl }))
        .catch((error: unknown) => done(error instanceof Error ? error : new Error(String(error))));
    }

    // The plugin passes the route's merged limit options (typed by it as the route's options).
    child(routeOptions: object): SharedStateRateLimitStore {
      const options = routeOptions as RouteLimitOptions;
      const route = options.groupId
        ? `group:${options.groupId}`
        : `${options.routeInfo?.method ?? ''}${options.routeInfo?.url ?? ''}`;
      if (route === '') throw new Error('a rate limiter without a route needs a groupId');
      return new SharedStateRateLimitStore(undefined, `${this.prefix}${route}:`);
    }
  };
}

/**
 * @fastify/rate-limit, off by default: a route opts in with `config: { rateLimit: { max,
 * timeWindow } }`, keyed by the client IP (request.ip, which honours TRUST_PROXY). Counts
 * live in the shared state (Redis with REDIS_URL), so the limits hold across instances;
 * limits on secrets (login failures, codes) are counted in the database (decision 050).
 * A refusal is a 429 in the API's error shape with Retry-After.
 */
export async function registerRateLimit(app: FastifyInstance, shared: SharedState): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    store: sharedStateRateLimitStore(shared),
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
