import type { Clock } from '../clock';
import { StartupError } from '../errors';
import type { Logger } from '../logger';
import type { Tracing } from '../tracing/tracing';
import { createInProcessSharedState } from './in-process-shared-state';
import { createRedisSharedState } from './redis-shared-state';
import type { SharedState } from './shared-state';

export interface SharedStateConfig {
  redisUrl: string | undefined;
  redisKeyPrefix: string;
}

/** Redis when REDIS_URL is set (a Redis that does not answer stops start-up), else in-process. */
export async function openSharedState(
  config: SharedStateConfig,
  deps: { clock: Clock; logger: Logger; tracing?: Tracing | undefined },
): Promise<SharedState> {
  if (config.redisUrl === undefined) return createInProcessSharedState(deps.clock);
  try {
    return await createRedisSharedState({
      url: config.redisUrl,
      prefix: config.redisKeyPrefix,
      logger: deps.logger,
      tracing: deps.tracing,
    });
  } catch (error) {
    // The URL may hold a password: never in the message.
    throw new StartupError(
      `Cannot reach Redis at REDIS_URL: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
