import { sql, type SQL } from 'drizzle-orm';

/**
 * The SQL the ledger's bet statement calls (migration 0020, decision 070). Amounts are
 * thousandths as SQL expressions (the statement computes the cash part from the wallet row it
 * locks); values travel as text parameters with casts, like the ledger's own.
 */

export type RgRefusal =
  'time_out' | 'self_exclusion' | 'session_limit' | 'loss_limit' | 'wager_limit';
export const rgRefusals: readonly RgRefusal[] = [
  'time_out',
  'self_exclusion',
  'session_limit',
  'loss_limit',
  'wager_limit',
];

export interface RgBet {
  userId: SQL;
  /** The stake (a magnitude). */
  stake: SQL;
  /** The part of the stake paid from cash (bonus money is left out of the loss limit). */
  cash: SQL;
  roundId: string | null;
  now: Date;
}

/** Why the bet may not be taken (an RgRefusal as text), or NULL. Takes the player's RG lock. */
export function rgBetRefusal(bet: RgBet): SQL {
  return sql`rg_bet_refusal(${bet.userId}, ${bet.stake}, ${bet.cash}, ${bet.roundId}::text,
    ${bet.now.toISOString()}::timestamptz)`;
}

/** The condition for an UPDATE's WHERE: true when responsible gaming admits the bet. */
export function rgBetAdmitted(bet: RgBet): SQL {
  return sql`(${rgBetRefusal(bet)} is null)`;
}

export interface RgPosting {
  userId: SQL;
  now: Date;
  /** Signed change of the stakes: + a bet, − a refunded bet. */
  wagered: SQL;
  /** Signed change of the net cash loss: + a bet's cash part, − a win's or refund's cash. */
  cashLoss: SQL;
  isBet: boolean;
  roundId: string | null;
}

/** Adds one applied posting to the hourly running sums (a SELECT of a void function). */
export function rgRecordPosting(p: RgPosting): SQL {
  return sql`rg_record_posting(${p.userId}, ${p.now.toISOString()}::timestamptz, ${p.wagered},
    ${p.cashLoss}, ${p.isBet}, ${p.roundId}::text)`;
}

export function isRgRefusal(value: unknown): value is RgRefusal {
  return typeof value === 'string' && (rgRefusals as readonly string[]).includes(value);
}
