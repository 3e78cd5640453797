import type { ProviderSlug } from '@casino/contracts';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The one rule for what a provider's wallet callback may write to the log when it fails for a
 * reason that is not a refusal (the database down, a bug): the root error's type, the first
 * line of its message, a short stack and the SQLSTATE. Nothing else of the error, and nothing
 * of the request: Drizzle's wrapper repeats the statement and every bound value in its
 * message, the driver's error carries them as properties (a launch token's hash among them),
 * and the request holds the token, the signature and the provider's ids. Every provider's
 * wallet-routes.ts logs through `logCallbackFailure`, in one shape.
 */

/** The longest first line of a message kept, and how many stack frames. */
const maxMessageLength = 300;
const maxStackFrames = 7;
/** How deep a chain of causes is followed to the driver's own error. */
const maxCauseDepth = 4;

/** What a failure logs: enough to find the fault, never a value of the call. */
export interface LoggedFailure {
  type: string;
  message?: string;
  stack?: string;
  sqlState?: string;
}

/** SQLSTATE of a database error, found on the error or its causes (Drizzle wraps the driver's). */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < maxCauseDepth && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The innermost cause: the driver's own error under any wrappers. */
function rootOf(error: unknown): unknown {
  let root = error;
  for (let depth = 0; depth < maxCauseDepth; depth++) {
    const cause =
      root && typeof root === 'object' ? (root as { cause?: unknown }).cause : undefined;
    if (cause === undefined || cause === null) break;
    root = cause;
  }
  return root;
}

/** A failure as it may be logged (see the rule above). */
export function failureForLog(error: unknown): LoggedFailure {
  const root = rootOf(error);
  const state = sqlState(error);
  const known = state === undefined ? {} : { sqlState: state };
  if (!(root instanceof Error)) return { type: typeof root, ...known };
  const message = (root.message.split('\n', 1)[0] ?? '').trim().slice(0, maxMessageLength);
  // Only the frames: the stack starts with the whole message, every line of it.
  const stack = root.stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, maxStackFrames)
    .join('\n');
  return {
    type: root.constructor.name,
    ...(message ? { message } : {}),
    ...(stack ? { stack } : {}),
    ...known,
  };
}

/**
 * Each protocol's own word for one call it sends us, for the log's message: "<word> failed;
 * answered <code>". (The wording is kept as it was, log searches and tests rely on it.)
 */
const callWord: Record<ProviderSlug, string> = {
  endorphina: 'Endorphina callback',
  pragmatic: 'pragmatic wallet call',
  gbgames: 'GB Games wallet message',
};

export interface CallbackFailure {
  provider: ProviderSlug;
  /** The protocol's name of the call (`bet`, `result`, `getBalancePerGame`…). */
  call: string;
  error: unknown;
  /** The error code the provider was answered with (it tells whether it will retry). */
  answered: string | number;
  /**
   * The provider's own id of the message, where the protocol carries it as a parsed field of
   * its own (GB Games' transactionId), to find the retry that follows. Never a token, a
   * signature, an amount or the raw parameters.
   */
  transactionId?: string;
}

/** Logs a failed callback at error level: `{ provider, call, failure, answered }`. */
export function logCallbackFailure(log: FastifyBaseLogger, failure: CallbackFailure): void {
  const { provider, call, error, answered, transactionId } = failure;
  log.error(
    {
      provider,
      call,
      failure: failureForLog(error),
      answered,
      ...(transactionId === undefined ? {} : { transactionId }),
    },
    `${callWord[provider]} failed; answered ${answered}`,
  );
}
