import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/database';
import { users } from '../../../db/schema';
import type { Ledger } from '../ledger';
import { formatMoney, fromDecimalString, MoneyFormatError } from '../money';
import { IdempotencyConflict, InsufficientFunds, WalletError } from '../wallet-errors';

export const adjustUsage = `Usage: npm run wallet:adjust -- --user <username|email|id> --amount <decimal> --reason "<text>" [--key <idempotency key>] [--actor <name>]

Credits (positive amount) or debits (negative amount, e.g. --amount=-5.00) a player's wallet
with an adjustment row in the ledger. A debit below zero is refused. With --key, running the
same command again moves nothing and prints the first result; without it, every run is a new
adjustment.`;

export interface AdjustArgs {
  user: string;
  /** Signed thousandths. */
  amount: bigint;
  reason: string;
  key: string;
  actor: string;
}

/** A mistake in the command line: print it with the usage, exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function parseAdjustArgs(argv: string[]): AdjustArgs {
  // "--amount -5.00" would read as an unknown option "-5.00": glue a negative value to its flag.
  const glued: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const next = argv[i + 1];
    if (arg === '--amount' && next !== undefined && /^-\d/.test(next)) {
      glued.push(`--amount=${next}`);
      i++;
    } else glued.push(arg);
  }
  let values;
  try {
    ({ values } = parseArgs({
      args: glued,
      options: {
        user: { type: 'string' },
        amount: { type: 'string' },
        reason: { type: 'string' },
        key: { type: 'string' },
        actor: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { user, amount, reason } = values;
  if (!user) throw new UsageError('--user is required');
  if (!amount) throw new UsageError('--amount is required');
  if (!reason?.trim()) throw new UsageError('--reason is required');
  let thousandths: bigint;
  try {
    thousandths = fromDecimalString(amount, { scale: 3, allowNegative: true });
  } catch (error) {
    if (error instanceof MoneyFormatError) throw new UsageError(`--amount: ${error.message}`);
    throw error;
  }
  if (thousandths === 0n) throw new UsageError('--amount must not be zero');
  return {
    user,
    amount: thousandths,
    reason,
    key: values.key ?? `cli-${randomUUID()}`,
    actor: values.actor ?? `${userInfo().username} (wallet:adjust)`,
  };
}

/** users.id for an id, an e-mail address or a username (case-insensitive). */
export async function findUserId(db: Database, user: string): Promise<string | undefined> {
  const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(user);
  const where = isId
    ? eq(users.id, user.toLowerCase())
    : user.includes('@')
      ? eq(users.email, user.trim().toLowerCase())
      : sql`lower(${users.username}) = lower(${user})`;
  const rows = await db.select({ id: users.id }).from(users).where(where).limit(1);
  return rows[0]?.id;
}

/** Runs the adjustment; returns the lines to print. WalletErrors are turned into a message. */
export async function runAdjust(db: Database, ledger: Ledger, args: AdjustArgs): Promise<string> {
  const userId = await findUserId(db, args.user);
  if (!userId) throw new UsageError(`No player "${args.user}" (tried id, e-mail and username)`);
  try {
    const result = await ledger.postAdjustment({
      userId,
      amount: args.amount,
      reason: args.reason,
      idempotencyKey: args.key,
      actor: args.actor,
    });
    const sign = args.amount > 0n ? '+' : '';
    const head =
      result.outcome === 'applied'
        ? `Adjusted ${args.user} (${userId}) by ${sign}${formatMoney(args.amount)} ${result.currency}`
        : `Already applied with key ${args.key}: nothing moved; the first result was`;
    return [
      head,
      `  transaction ${result.transactionId}, balance after ${formatMoney(result.balanceAfter)} ${result.currency}`,
      `  balance now ${formatMoney(result.balance)} ${result.currency}`,
    ].join('\n');
  } catch (error) {
    if (error instanceof InsufficientFunds) {
      throw new UsageError(
        `Refused: the balance is ${formatMoney(error.balance)}, a debit of ` +
          `${formatMoney(error.requested)} would take it below zero`,
      );
    }
    if (error instanceof IdempotencyConflict) {
      throw new UsageError(
        `Refused: key ${args.key} was used before for a different adjustment ` +
          `(${error.fields.join(', ')} differ; transaction ${error.first.transactionId})`,
      );
    }
    if (error instanceof WalletError) throw new UsageError(`Refused: ${error.message}`);
    throw error;
  }
}
