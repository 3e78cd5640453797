import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, identityId, int8, int8Zero } from './columns';

/** Every kind of money movement; the sign of `amount` is fixed per kind (see the checks). */
export const ledgerKinds = [
  'bet',
  'win',
  'refund',
  'deposit',
  'withdrawal',
  /** Money of a withdrawal given back (cancelled, rejected, or its payout failed). */
  'withdrawal_reversal',
  'bonus',
  'adjustment',
] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/**
 * `applied`: the movement happened (possibly of 0). `tombstone`: a refund of a bet we never
 * saw: it moved nothing and holds the bet's place so that the bet, arriving late, is refused.
 */
export const ledgerStatuses = ['applied', 'tombstone'] as const;
export type LedgerStatus = (typeof ledgerStatuses)[number];

/**
 * The ledger: one immutable row per money movement, written only by features/wallet in the
 * same statement that changes `wallets.balance` (docs/decisions/030-ledger.md). Rows are
 * never updated or deleted: a trigger (migration 0005) refuses both. Amounts are signed
 * THOUSANDTHS of the currency unit, like the balance; balance_before/after chain per wallet.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    /** Our transaction id, given to providers; also the order of postings per wallet. */
    id: identityId(),
    /**
     * The wallet's player. No foreign key, on purpose: the posting statement takes this value
     * from the wallet row it has just updated, so the row exists by construction, and the
     * key's check (a trigger running while the wallet's row lock is held) cost about a third
     * of the hot player's throughput. Wallets are never deleted; ledger:check looks anyway.
     */
    userId: uuid('user_id').notNull(),
    kind: text('kind', { enum: ledgerKinds }).notNull(),
    status: text('status', { enum: ledgerStatuses }).notNull(),
    /** Signed: a bet or withdrawal is negative, a win or refund positive. */
    amount: int8('amount').notNull(),
    balanceBefore: int8('balance_before').notNull(),
    balanceAfter: int8('balance_after').notNull(),
    /**
     * The signed part of `amount` that moved bonus money (docs/decisions/039): a bet's bonus
     * spend, a win's bonus share, a refund's restored bonus, a bonus grant, conversion or
     * forfeit. A conversion moves the whole pocket out (bonus_amount) but debits only what is
     * over its cap (amount).
     */
    bonusAmount: int8Zero('bonus_amount'),
    /** The wallet's bonus pocket after this row: the bonus chain, like balance_after. */
    bonusAfter: int8Zero('bonus_after'),
    /** The wallet's active bonus when this row was written (its bets wager it). */
    bonusId: int8('bonus_id'),
    /**
     * A bet with a bonus: what it added to its bonus's wagering (player_bonuses.wagered),
     * set by a trigger as the row is inserted, and what its refund takes away again even if
     * the game's category changed since (migration 0032, decision 103). Null on other rows.
     */
    wagerCounted: int8('wager_counted'),
    currency: text('currency').notNull(),
    /** A provider's slug, or 'operator' for movements made by us (adjustments, payments). */
    provider: text('provider').notNull(),
    /**
     * The namespace of `provider_tx_id` within the provider: 'bet', 'refund', 'win' or the
     * provider's own call name ('result', 'bonusWin', …); 'adjustment' for the operator.
     */
    operation: text('operation').notNull(),
    /** The provider's id of this movement, or the operator's idempotency key. */
    providerTxId: text('provider_tx_id').notNull(),
    /** Bets: their own id. Refunds: the bet they cancel. Wins: the bet they pay, if told. */
    betTxId: text('bet_tx_id'),
    gameId: text('game_id'),
    roundId: text('round_id'),
    /** A refund of a known bet: that bet's row. A withdrawal reversal: the withdrawal's row. */
    reversesEntryId: int8('reverses_entry_id').references((): AnyPgColumn => ledgerEntries.id),
    /** Why an operator moved money (required for adjustments). */
    reason: text('reason'),
    /** Who did it: an operator's name, or the command that did it. */
    actor: text('actor'),
    /**
     * The content a repeat of the same key must match (user, amount, game, round, …), as the
     * caller sent it; a repeat that differs is refused as an idempotency conflict.
     */
    request: jsonb('request').notNull(),
    /** Whatever else the adapter wants kept with the movement (never compared). */
    meta: jsonb('meta'),
    createdAt: createdAt(),
  },
  (t) => [
    // The idempotency key: a repeat of a provider's call can never apply twice.
    uniqueIndex('ledger_entries_idempotency_key').on(t.provider, t.operation, t.providerTxId),
    // A bet and the tombstone of its refund exclude each other, whichever commits first.
    uniqueIndex('ledger_entries_bet_once')
      .on(t.provider, t.betTxId)
      .where(sql`${t.kind} = 'bet' or ${t.status} = 'tombstone'`),
    // A bet is refunded at most once.
    uniqueIndex('ledger_entries_refund_once')
      .on(t.provider, t.betTxId)
      .where(sql`${t.kind} = 'refund'`),
    // A withdrawal is given back at most once, whatever key the reversal was posted under.
    uniqueIndex('ledger_entries_reversal_once')
      .on(t.reversesEntryId)
      .where(sql`${t.kind} = 'withdrawal_reversal'`),
    // A player's statement, newest first; and the per-wallet chain of ledger:check.
    index('ledger_entries_user_id_idx').on(t.userId, t.id),
    // A round's bets, which a win naming only its round settles (its bonus split, decision 060).
    index('ledger_entries_bet_round_idx')
      .on(t.userId, t.roundId)
      .where(sql`${t.kind} = 'bet'`),
    // A bonus's bets, for its wagering progress.
    index('ledger_entries_bonus_id_idx')
      .on(t.bonusId, t.id)
      .where(sql`${t.bonusId} is not null`),
    // The row's rules (its kind and status, the chain, no negative balance, the bonus part's
    // sign and size, cash-only kinds, each kind's sign, tombstones, the references a bet, a
    // refund, a reversal and an adjustment need) in ONE check that calls ledger_entry_rules
    // (migration 0038, decision 112): PostgreSQL reads a check's expression tree from its
    // text and compiles it again for every INSERT statement it runs, and the twelve checks
    // that were here cost more than the rest of a bet's insert. The function's plan is
    // cached; a broken rule is still refused under its own name (ledger_entries_chain, …).
    check(
      'ledger_entries_rules',
      sql`ledger_entry_rules(${t.kind}, ${t.status}, ${t.amount}, ${t.balanceBefore},
        ${t.balanceAfter}, ${t.bonusAmount}, ${t.bonusAfter}, ${t.betTxId},
        ${t.reversesEntryId}, ${t.reason})`,
    ),
  ],
);
