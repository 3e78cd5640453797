import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { checkIn, createdAt, int8, int8Zero, serialId, timestamptz, updatedAt } from './columns';
import { userId, userKey } from './accounts';

/**
 * Responsible gaming (features/responsible-gaming, decision 070). Amounts in thousandths like
 * the ledger. The bet statement reads `rg_players` (locked) and `rg_limits`, and keeps
 * `rg_hourly` up to date; everything else is read and written by the feature's service.
 */
export const rgLimitKinds = ['deposit', 'loss', 'wager'] as const;
export type RgLimitKind = (typeof rgLimitKinds)[number];
/** The rolling windows, in hours: 24 hours, 7 days, 30 days. */
export const rgLimitPeriods = ['day', 'week', 'month'] as const;
export type RgLimitPeriod = (typeof rgLimitPeriods)[number];
export const rgBlockKinds = ['time_out', 'self_exclusion'] as const;
export type RgBlockKind = (typeof rgBlockKinds)[number];

/**
 * One row per player who has any responsible-gaming setting. Its row lock orders the
 * player's bets (rg_bet_refusal takes it) so concurrent bets cannot overshoot a limit; a
 * player without a row has no limit, block or session limit, and bets without a lock.
 */
export const rgPlayers = pgTable(
  'rg_players',
  {
    userId: userKey(),
    /** Minutes between reality checks; 0 = off. */
    realityCheckMinutes: integer('reality_check_minutes').notNull().default(0),
    /** Play time allowed per rolling 24 hours, in minutes; null = none. */
    sessionLimitMinutes: integer('session_limit_minutes'),
    /**
     * A raise of the session limit waiting for its 24 hours and confirmation (null with
     * pending_at set: a removal).
     */
    sessionLimitPendingMinutes: integer('session_limit_pending_minutes'),
    sessionLimitPendingAt: timestamptz('session_limit_pending_at'),
    /** The block in force: a time-out or self-exclusion, until (infinity: permanent). */
    blockKind: text('block_kind', { enum: rgBlockKinds }),
    blockedUntil: timestamptz('blocked_until'),
    /** Lifting a fixed-term self-exclusion at its end needs a request and 24 hours. */
    liftRequestedAt: timestamptz('lift_requested_at'),
    /**
     * The sums of the player's CLOSED hours for the windows of the clock hour `closedHour`
     * (decision 110): rg_hourly over [hour − 24 h, hour), [hour − 7 days, hour) and
     * [hour − 30 days, hour). Written by rg_bet_judge at a weekly or monthly limit's first
     * bet of an hour, so the hour's other bets read the hour's own row instead of up to 720;
     * a posting recorded in an hour before `closedHour` clears it (rg_record_posting).
     * Derived: null means none; never shown or exported as a setting.
     */
    closedHour: timestamptz('closed_hour'),
    closedPlayedDay: int8('closed_played_day'),
    closedWagerDay: int8('closed_wager_day'),
    closedWagerWeek: int8('closed_wager_week'),
    closedWagerMonth: int8('closed_wager_month'),
    closedLossDay: int8('closed_loss_day'),
    closedLossWeek: int8('closed_loss_week'),
    closedLossMonth: int8('closed_loss_month'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('rg_players_reality_check', sql`${t.realityCheckMinutes} in (0, 15, 30, 60)`),
    check('rg_players_session_limit', sql`${t.sessionLimitMinutes} between 1 and 1440`),
    check('rg_players_block', sql`(${t.blockKind} is null) = (${t.blockedUntil} is null)`),
  ],
);

/**
 * A player's limit per kind and window. `amount` is in force; a raise or removal waits in
 * `pending_*` until `pending_at` + 24 hours and a second confirmation (decision 070).
 */
export const rgLimits = pgTable(
  'rg_limits',
  {
    userId: userId(),
    kind: text('kind', { enum: rgLimitKinds }).notNull(),
    period: text('period', { enum: rgLimitPeriods }).notNull(),
    amount: int8('amount').notNull(),
    /** The raise asked for (null with pending_at set: a removal). */
    pendingAmount: int8('pending_amount'),
    pendingAt: timestamptz('pending_at'),
    /** Who set the amount in force: the player, staff, or the operator's default. */
    setBy: text('set_by', { enum: ['player', 'staff', 'default'] }).notNull(),
    /** When the 80 % warning of this limit was last sent (once per window). */
    warnedAt: timestamptz('warned_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.period] }),
    checkIn('rg_limits_kind', t.kind, rgLimitKinds),
    checkIn('rg_limits_period', t.period, rgLimitPeriods),
    check('rg_limits_amount', sql`${t.amount} >= 0`),
  ],
);

/**
 * Running sums per player and clock hour, kept by the postings' own statements: what the
 * loss and wager limits, the session limit and the operator's flags read instead of the
 * ledger. `wagered` = stakes − refunded stakes; `cash_loss` = cash stakes − cash wins − cash
 * refunds (bonus money left out); `play_seconds` = time between the hour's bets less than
 * 5 minutes apart.
 */
export const rgHourly = pgTable(
  'rg_hourly',
  {
    userId: uuid('user_id').notNull(),
    hour: timestamptz('hour').notNull(),
    wagered: int8Zero('wagered'),
    cashLoss: int8Zero('cash_loss'),
    bets: integer('bets').notNull().default(0),
    playSeconds: integer('play_seconds').notNull().default(0),
    lastBetAt: timestamptz('last_bet_at'),
    lastRoundId: text('last_round_id'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.hour] })],
);

/**
 * Every change (who, when, old, new) and every event the operator's flags count: limit
 * changes, blocks, refused deposits, deposits credited over a limit, warnings.
 */
export const rgChanges = pgTable(
  'rg_changes',
  {
    id: serialId(),
    userId: userId(),
    /** e.g. limit_set, limit_lowered, limit_raise_requested, block_set, deposit_refused. */
    action: text('action').notNull(),
    /** 'player', 'staff:<name>', 'operator' (configuration), 'system'. */
    actor: text('actor').notNull(),
    reason: text('reason'),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    createdAt: createdAt(),
  },
  (t) => [index('rg_changes_user').on(t.userId, t.createdAt)],
);
