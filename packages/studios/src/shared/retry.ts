import { TransportError } from './http';

/** How one attempt ended, as the protocol's client reads the answer. */
export type Attempt<T> =
  | { kind: 'ok'; value: T }
  /** The operator answered and refused for good (insufficient funds, bad token, …). */
  | { kind: 'refused'; code: string; message: string }
  /** No usable answer (5xx, a "retry" error code): the same call may be sent again. */
  | { kind: 'retry'; reason: string };

/** How the whole call ended after the retries. */
export type CallOutcome<T> =
  | { kind: 'ok'; value: T; attempts: number }
  | { kind: 'refused'; code: string; message: string; attempts: number }
  /** Never confirmed: the operator may or may not have applied it. */
  | { kind: 'unconfirmed'; reason: string; attempts: number };

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** Delay before the second attempt; it doubles after each failure up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Deadline of each single attempt. */
  timeoutMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  attempts: 4,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  timeoutMs: 8_000,
};

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends the SAME call again (same transaction id, same body) while it stays unconfirmed:
 * real providers do this, and the operator's idempotency turns a repeat into the first answer.
 */
export async function withRetry<T>(
  policy: RetryPolicy,
  attempt: () => Promise<Attempt<T>>,
): Promise<CallOutcome<T>> {
  let reason = 'not attempted';
  for (let n = 1; n <= policy.attempts; n++) {
    let result: Attempt<T>;
    try {
      result = await attempt();
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      result = { kind: 'retry', reason: `${error.kind}: ${error.message}` };
    }
    switch (result.kind) {
      case 'ok':
        return { kind: 'ok', value: result.value, attempts: n };
      case 'refused':
        return { kind: 'refused', code: result.code, message: result.message, attempts: n };
      case 'retry':
        reason = result.reason;
        break;
    }
    if (n < policy.attempts) {
      const delay = Math.min(policy.baseDelayMs * 2 ** (n - 1), policy.maxDelayMs);
      // Jitter spreads the retries of many sessions hitting a recovering wallet.
      await sleep(delay / 2 + Math.random() * (delay / 2));
    }
  }
  return { kind: 'unconfirmed', reason, attempts: policy.attempts };
}
