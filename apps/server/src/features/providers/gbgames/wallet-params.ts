import { createHash } from 'node:crypto';
import { fromDecimalString, MoneyFormatError } from '../../wallet';

/**
 * The four wallet messages of docs/protocols/gbgames.md §5, checked field by field after the
 * signature and the timestamp: a message that fails here is malformed (400 BAD_REQUEST,
 * final) and never reaches the ledger.
 */

/** §5.5: "the studio's unique id of this message (at most 64 characters)". */
export const gbMaxTransactionIdLength = 64;
/** §5.5: decimal digits (the studio sends 15). */
const roundIdPattern = /^\d{1,64}$/;
/** §1: decimal strings with exactly two places; range and size are money.ts's to judge. */
const twoPlaces = /^\d+\.\d{2}$/;

export const gbMessageTypes = ['balance', 'bet', 'result', 'refund'] as const;
export type GbMessageType = (typeof gbMessageTypes)[number];

/** What every message repeats from the launch (§5). */
export interface GbPlayerFields {
  token: string;
  playerId: string;
  gameId: string;
  currency: string;
  timestamp: string;
}

interface GbMoneyFields extends GbPlayerFields {
  transactionId: string;
  roundId: string;
  /** Thousandths, converted exactly from the two-decimal text. */
  amount: bigint;
  /**
   * SHA-256 of every field but `timestamp`: a retry carries the same fingerprint, so a
   * repeated transactionId with any other difference (the token included, which the ledger
   * does not see) is a mismatch (§6.2).
   */
  fingerprint: string;
}

export type GbMoneyMessage =
  | (GbMoneyFields & { type: 'bet' })
  | (GbMoneyFields & { type: 'result'; betTransactionId: string })
  | (GbMoneyFields & { type: 'refund'; betTransactionId: string });

export type GbMessage = (GbPlayerFields & { type: 'balance' }) | GbMoneyMessage;

export type ParsedGbMessage = { ok: true; message: GbMessage } | { ok: false; reason: string };

const isType = (value: unknown): value is GbMessageType =>
  typeof value === 'string' && (gbMessageTypes as readonly string[]).includes(value);

/** The message's fields, typed; `reason` says which one is wrong (never echoing its value). */
export function parseGbMessage(body: Record<string, unknown>): ParsedGbMessage {
  const type = body['type'];
  if (!isType(type)) return { ok: false, reason: 'unknown message type' };
  const missing = (['token', 'playerId', 'gameId', 'currency', 'timestamp'] as const).find(
    (name) => typeof body[name] !== 'string',
  );
  if (missing) return { ok: false, reason: `${missing} must be a string` };
  const player = {
    token: body['token'] as string,
    playerId: body['playerId'] as string,
    gameId: body['gameId'] as string,
    currency: body['currency'] as string,
    timestamp: body['timestamp'] as string,
  };
  if (type === 'balance') return { ok: true, message: { type, ...player } };

  const transactionId = transactionIdOf(body['transactionId']);
  if (!transactionId) return badId('transactionId');
  const roundId = body['roundId'];
  if (typeof roundId !== 'string' || !roundIdPattern.test(roundId)) {
    return { ok: false, reason: 'roundId must be 1 to 64 decimal digits' };
  }
  const amount = amountOf(body['amount']);
  if (amount === undefined) {
    return {
      ok: false,
      reason: 'amount must be a decimal string with exactly two places, 0.00 to 1000000000.00',
    };
  }
  const money = { ...player, transactionId, roundId, amount, fingerprint: fingerprintOf(body) };
  if (type === 'bet') return { ok: true, message: { type, ...money } };
  const betTransactionId = transactionIdOf(body['betTransactionId']);
  if (!betTransactionId) return badId('betTransactionId');
  return { ok: true, message: { type, ...money, betTransactionId } };
}

const badId = (name: string): ParsedGbMessage => ({
  ok: false,
  reason: `${name} must be 1 to ${gbMaxTransactionIdLength} characters`,
});

function transactionIdOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= gbMaxTransactionIdLength
    ? value
    : undefined;
}

/** "1.00" → 1000n; "1", "1.001", "-1.00", "1e2", " 1.00", over a billion → undefined. */
function amountOf(value: unknown): bigint | undefined {
  if (typeof value !== 'string' || !twoPlaces.test(value)) return undefined;
  try {
    return fromDecimalString(value, { scale: 2 });
  } catch (error) {
    if (error instanceof MoneyFormatError) return undefined;
    throw error;
  }
}

function fingerprintOf(body: Record<string, unknown>): string {
  const identity = Object.entries(body)
    .filter(([name]) => name !== 'timestamp')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex');
}
