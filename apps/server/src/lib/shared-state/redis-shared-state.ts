import type { Redis as RedisClient } from 'ioredis';
import type { Logger } from '../logger';
import type { Tracing } from '../tracing/tracing';
import type { SharedState } from './shared-state';

export interface RedisSharedStateOptions {
  url: string;
  /** Put before every key and channel, so deployments (and tests) can share one Redis. */
  prefix: string;
  logger: Logger;
  /** With tracing on: a span per command (the subscriber's are not traced). */
  tracing?: Tracing | undefined;
}

// INCRBY and a first-time expiry in one step: two instances incrementing a fresh key at the
// same moment both see one expiry, and a crash between the two commands cannot leave a
// counter that never expires.
const incrementScript = `
local value = redis.call('INCRBY', KEYS[1], ARGV[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return value`;

// A sorted set per key, scored by each lease's expiry on Redis's own clock (instances' clocks
// may differ): expired leases are dropped, then the lease is taken if there is room. The key
// itself expires with its longest lease, so an abandoned key leaves nothing behind.
const acquireLeaseScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  return 0
end
redis.call('ZADD', KEYS[1], now + ttl, ARGV[1])
if redis.call('PTTL', KEYS[1]) < ttl then redis.call('PEXPIRE', KEYS[1], ttl) end
return 1`;

/**
 * SharedState on Redis: one connection for commands and one for subscriptions (a
 * subscribed Redis connection takes no other command). ioredis reconnects by itself and
 * subscribes again after a reconnect; messages published while the link is down are lost,
 * which is why features persist what must not be (chat messages are in the database and
 * clients resume from it).
 */
export async function createRedisSharedState(
  options: RedisSharedStateOptions,
): Promise<SharedState> {
  const { prefix, logger } = options;
  // Loaded only when REDIS_URL is set: one module less to load at every start (decision 055).
  const { Redis } = await import('ioredis');
  const connect = (role: string): RedisClient => {
    const redis = new Redis(options.url, {
      lazyConnect: true,
      // A command waits for a reconnect at most this many tries, then fails (chat answers
      // "unavailable") instead of queueing forever.
      maxRetriesPerRequest: 2,
      connectionName: `orbita-${role}`,
    });
    // Without a listener an error event would crash the process; ioredis retries anyway.
    redis.on('error', (err: Error) =>
      logger.warn({ err: { message: err.message } }, `redis ${role}`),
    );
    return redis;
  };
  const commands = connect('commands');
  const subscriber = connect('subscriber');
  options.tracing?.traceRedis(commands);
  try {
    await Promise.all([commands.connect(), subscriber.connect()]);
  } catch (error) {
    // Stop the background retries, or the failed start would keep the process alive.
    commands.disconnect();
    subscriber.disconnect();
    throw error;
  }

  const listeners = new Map<string, Set<(message: string) => void>>();
  subscriber.on('message', (channel: string, message: string) => {
    for (const listener of listeners.get(channel) ?? []) {
      try {
        listener(message);
      } catch (err) {
        logger.error({ err, channel }, 'shared-state listener failed');
      }
    }
  });

  let closed = false;
  return {
    kind: 'redis',
    connected: () => commands.status === 'ready' && subscriber.status === 'ready',
    async publish(channel, message) {
      await commands.publish(prefix + channel, message);
    },
    async subscribe(channel, listener) {
      const full = prefix + channel;
      const entry = (message: string) => listener(message);
      let set = listeners.get(full);
      if (!set) {
        set = new Set();
        listeners.set(full, set);
        set.add(entry);
        await subscriber.subscribe(full);
      } else {
        set.add(entry);
      }
      return async () => {
        set.delete(entry);
        if (set.size === 0 && listeners.get(full) === set) {
          listeners.delete(full);
          if (!closed) await subscriber.unsubscribe(full);
        }
      };
    },
    async increment(key, by, ttlMs) {
      const value = await commands.eval(incrementScript, 1, prefix + key, by, Math.ceil(ttlMs));
      return Number(value);
    },
    async read(key) {
      const value = await commands.get(prefix + key);
      return value === null ? 0 : Number(value);
    },
    async remainingMs(key) {
      return Math.max(0, await commands.pttl(prefix + key));
    },
    async acquireLease(key, member, limit, ttlMs) {
      const taken = await commands.eval(
        acquireLeaseScript,
        1,
        prefix + key,
        member,
        limit,
        Math.max(1, Math.ceil(ttlMs)),
      );
      return Number(taken) === 1;
    },
    async releaseLease(key, member) {
      await commands.zrem(prefix + key, member);
    },
    async close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      await Promise.allSettled([commands.quit(), subscriber.quit()]);
    },
  };
}
