/**
 * What server instances share: messages by channel and counters that expire. One process
 * uses the in-process implementation; several instances of one deployment point REDIS_URL
 * at one Redis and use the Redis one. Features (chat today) only ever see this interface,
 * so a test or a single instance needs no Redis at all.
 *
 * Channels and keys are plain names chosen by the feature ("chat:messages"); the
 * implementation adds the deployment's prefix.
 */
export interface SharedState {
  /** Which implementation: for logs and the health of a deployment. */
  readonly kind: 'in-process' | 'redis';
  /** Whether its connections are up now (readiness, the redis_connected gauge); in-process: always. */
  connected(): boolean;
  /**
   * Sends `message` to every subscriber of `channel` on every instance, this one included.
   * Delivery is at most once, in publishing order per publisher, and asynchronous.
   */
  publish(channel: string, message: string): Promise<void>;
  /**
   * Calls `listener` for each message published on `channel` from now on. Resolves once the
   * subscription is active (a message published after that is delivered); the returned
   * function ends it.
   */
  subscribe(channel: string, listener: (message: string) => void): Promise<() => Promise<void>>;
  /**
   * Adds `by` to the counter `key` (created at 0) and returns the new value. A new counter
   * expires `ttlMs` after its creation (a fixed window: later increments do not extend it).
   */
  increment(key: string, by: number, ttlMs: number): Promise<number>;
  /** The counter's value, or 0 if it does not exist or expired. */
  read(key: string): Promise<number>;
  /** Milliseconds the counter has left, or 0 if it does not exist. */
  remainingMs(key: string): Promise<number>;
  /**
   * Takes one of at most `limit` leases on `key` for `member` (a fresh random id per holder)
   * and returns true, or false when `limit` live leases are held already. A lease ends with
   * releaseLease or `ttlMs` after it was taken, so a crashed instance's leases free
   * themselves (the 5-streams cap counts open streams over every instance this way).
   * Taking a lease the member already holds renews it.
   */
  acquireLease(key: string, member: string, limit: number, ttlMs: number): Promise<boolean>;
  /** Ends a lease; one already expired or never taken is not an error. */
  releaseLease(key: string, member: string): Promise<void>;
  /** Ends subscriptions and connections; safe to call twice. */
  close(): Promise<void>;
}
