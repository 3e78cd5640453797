import type { FastifyReply } from 'fastify';
import { toDecimalString } from '../../wallet';

/**
 * Seamless Wallet error numbers we answer with (PROTOCOLS.md, Pragmatic). 6 (player frozen)
 * answers a bet during a time-out or self-exclusion, 50 (bet limit reached) one over the
 * player's loss, wager or session time limit (decision 070).
 */
export const pragmaticErrors = {
  ok: 0,
  insufficientBalance: 1,
  playerNotFound: 2,
  betNotAllowed: 3,
  badToken: 4,
  badHash: 5,
  badParameters: 7,
  gameNotFound: 8,
  playerFrozen: 6,
  betLimitReached: 50,
  /** Internal error: the provider retries the same call (the idempotency key makes it safe). */
  retry: 100,
  /** Internal error a retry cannot fix (wallet-errors.ts says which). */
  noRetry: 120,
  /** endRound's own "internal error, retry". */
  endRoundRetry: 130,
} as const;

/** A JSON answer body: always `error` and `description`, the method's fields beside them. */
export type PragmaticAnswer = Record<string, unknown> & { error: number; description: string };

export const refusal = (error: number, description: string): PragmaticAnswer => ({
  error,
  description,
});

/** Every answer is HTTP 200 JSON with `error` and `description`, as the protocol has it. */
export function sendAnswer(reply: FastifyReply, body: PragmaticAnswer): FastifyReply {
  return reply.header('cache-control', 'no-store').send(body);
}

/**
 * Cash as Pragmatic reads it: a JSON number with two decimals, rounded DOWN to the cent (a
 * provider must never believe the player has more than they do). Built from the exact decimal
 * text, so the number printed is exactly that text (no float arithmetic on the amount).
 */
export const cash = (thousandths: bigint): number =>
  Number(toDecimalString(thousandths, { scale: 2, rounding: 'floor' }));

/**
 * The balance fields of an answer. No bonus money exists here: `bonus` is always 0 and the
 * balance shown is all cash.
 */
export const balanceFields = (balance: bigint) => ({ cash: cash(balance), bonus: 0 });

export const success = (fields: Record<string, unknown>): PragmaticAnswer => ({
  ...fields,
  error: pragmaticErrors.ok,
  description: 'Success',
});
