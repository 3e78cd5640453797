import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import type { Database } from '../db/database';
import { systemClock } from '../lib/clock';
import { findUserId } from '../features/users';
import {
  createLedger,
  formatMoney,
  fromDecimalString,
  IdempotencyConflict,
  InsufficientFunds,
  MoneyFormatError,
  WalletError,
  type Ledger,
} from '../features/wallet';
import { UsageError, type Command } from './command';
import { withCommandDatabase } from './command-database';

const usage = `Usage: npm run wallet:adjust -- --user <username|email|id> --amount <decimal> --reason "<text>" [--key <idempotency key>] [--actor <name>]

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

/**
 * `npm run wallet:adjust -- --user … --amount … --reason …`: one adjustment row; exit 1 when
 * refused (no such player, a debit below zero, a key used for another adjustment).
 */
export const walletAdjust: Command = {
  name: 'wallet:adjust',
  usage,
  async run(argv, io) {
    const args = parseAdjustArgs(argv);
    return withCommandDatabase(io, async ({ db, where }) => {
      io.out(`wallet:adjust on ${where}`);
      try {
        const ledger = createLedger({ db, clock: systemClock });
        io.out(await runAdjust(db, ledger, args));
        // The server's live balance streams hear of it through our NOTIFY: send it before exit.
        await ledger.events.flush();
        return 0;
      } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        io.err(error.message);
        return 1;
      }
    });
  },
};
