/**
 * Whether a failure means "the database cannot be reached right now" (PostgreSQL restarting,
 * the network between us cut, the pool unable to connect) rather than a fault of the request
 * or of our code. Such a failure is worth a retry: the player API answers 503 with
 * Retry-After (http/classify-error.ts), and the callers that own a protocol of their own
 * (provider callbacks, payment webhooks) answer its retryable error. Drizzle wraps the
 * driver's error, so the chain of causes is followed.
 */
const connectionCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of an unreachable or unavailable server: class 08 (connection exception), 57P01
 * admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or shutting
 * down), 53300 too_many_connections.
 */
const unavailableStates = /^(08...|57P0[123]|53300)$/;

/** node-postgres's own words for a connection that died or never came (no code on them). */
const connectionMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'Client was closed and is not queryable',
];

const maxCauseDepth = 5;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < maxCauseDepth && current && typeof current === 'object'; depth++) {
    const { code, message, errors } = current as {
      code?: unknown;
      message?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (connectionCodes.has(code) || unavailableStates.test(code))) {
      return true;
    }
    if (typeof message === 'string' && connectionMessages.some((m) => message.includes(m))) {
      return true;
    }
    // net's "connect to every address failed" is an AggregateError of ECONNREFUSEDs.
    if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
