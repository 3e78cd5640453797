import type { FastifyReply } from 'fastify';
import { toDecimalString } from '../../wallet';

/** The error codes of docs/protocols/gbgames.md §7 and their HTTP statuses. */
export const gbErrorStatus = {
  INSUFFICIENT_FUNDS: 402,
  TOKEN_EXPIRED: 403,
  /** The player's responsible-gaming limit, time-out or self-exclusion (decision 070): final. */
  LIMIT_REACHED: 403,
  TOKEN_NOT_FOUND: 404,
  INVALID_SIGNATURE: 401,
  DUPLICATE_MISMATCH: 409,
  /** A refund of a bet whose round a result already settled (§6 rule 4): final. */
  BET_SETTLED: 409,
  BAD_REQUEST: 400,
  /** The only retryable one: the studio repeats the message with the same transactionId. */
  INTERNAL: 500,
} as const;

export type GbErrorCode = keyof typeof gbErrorStatus;

/** What one wallet message is answered with: an OK body, or an error of §7. */
export type GbAnswer =
  { ok: true; body: Record<string, string> } | { ok: false; code: GbErrorCode; message: string };

export const gbError = (code: GbErrorCode, message: string): GbAnswer => ({
  ok: false,
  code,
  message,
});

/** A balance as GB Games reads it: two decimals, rounded DOWN to the cent. */
export const gbCents = (thousandths: bigint): string =>
  toDecimalString(thousandths, { scale: 2, rounding: 'floor' });

/** §5.2–5.4: `{"status":"OK","balance":"24.00","transactionId":"<our id>"}`. */
export const gbPostingAnswer = (balance: bigint, transactionId: string): GbAnswer => ({
  ok: true,
  body: { status: 'OK', balance: gbCents(balance), transactionId },
});

export function sendGbAnswer(reply: FastifyReply, answer: GbAnswer): FastifyReply {
  reply.header('cache-control', 'no-store');
  if (answer.ok) return reply.code(200).send(answer.body);
  return reply
    .code(gbErrorStatus[answer.code])
    .send({ status: 'ERROR', code: answer.code, message: answer.message });
}
