import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** How an offer is granted (features/bonus/README.md). */
export const bonusOfferKinds = ['deposit_match', 'free_credit', 'daily'] as const;
export type BonusOfferKind = (typeof bonusOfferKinds)[number];

/** What the wagering requirement multiplies: the bonus, or the bonus plus its deposit. */
export const wageringBases = ['bonus', 'bonus_deposit'] as const;
export type WageringBase = (typeof wageringBases)[number];

/**
 * queued (claimed while another bonus was open; decision 062) → awaiting_deposit (a deposit
 * match claimed before its deposit) → active (granted: money in the pocket) → completed
 * (wagering met: converted to cash) | cancelled (by the player) | expired | lost (the pocket
 * ran out before wagering was met) | forfeited (a withdrawal the player confirmed ended it).
 * A queued claim or one awaiting its deposit may also be cancelled; the latter may expire.
 */
export const playerBonusStatuses = [
  'queued',
  'awaiting_deposit',
  'active',
  'completed',
  'cancelled',
  'expired',
  'lost',
  'forfeited',
] as const;
export type PlayerBonusStatus = (typeof playerBonusStatuses)[number];

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** A text in both languages of the site. */
export type LocalizedText = { en: string; ru: string };
/** Percent of a bet that wagers, per game category (a category not named: 0). */
export type Contributions = Record<string, number>;

/**
 * The operator's offers (seeded by the migration; edited in the database). Amounts in
 * thousandths like the ledger. The wagering terms are copied into each claim, so changing an
 * offer never changes the terms a player already accepted.
 */
export const bonusOffers = pgTable(
  'bonus_offers',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: bonusOfferKinds }).notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    terms: jsonb('terms').$type<LocalizedText>().notNull(),
    /** Free credit and daily: the bonus granted. */
    amount: bigint('amount', { mode: 'bigint' }),
    /** Deposit match: percent of the deposit, up to maxBonus, for a deposit ≥ minDeposit. */
    matchPercent: integer('match_percent'),
    maxBonus: bigint('max_bonus', { mode: 'bigint' }),
    minDeposit: bigint('min_deposit', { mode: 'bigint' }),
    wageringMultiplier: integer('wagering_multiplier').notNull(),
    wageringBase: text('wagering_base', { enum: wageringBases }).notNull().default('bonus'),
    contributions: jsonb('contributions').$type<Contributions>().notNull(),
    /** A bet over this (thousandths) does not wager. */
    maxBet: bigint('max_bet', { mode: 'bigint' }).notNull(),
    /** Days from activation (or from the claim, while awaiting a deposit) to expiry. */
    validDays: integer('valid_days').notNull(),
    /** Null: no cap on what converts to cash. */
    maxCashout: bigint('max_cashout', { mode: 'bigint' }),
    /** Reached only through a promo code (not listed among the offers). */
    promoOnly: boolean('promo_only').notNull().default(false),
    /** The large promo card at the top of the page. */
    featured: boolean('featured').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /**
     * The schedule (decision 091): claimable, listed and reachable through its promo codes
     * only from `availableFrom` and before `availableUntil` (null: no bound).
     */
    availableFrom: timestamp('available_from', { withTimezone: true }),
    availableUntil: timestamp('available_until', { withTimezone: true }),
    /**
     * Eligible countries (ISO 3166-1 alpha-2, upper case) of the player's residence
     * (`users.country`); null: every country. A player whose country is unknown is not
     * eligible for an offer that names countries.
     */
    countries: text('countries').array(),
  },
  (t) => [
    check('bonus_offers_kind', sql`${t.kind} in (${inList(bonusOfferKinds)})`),
    check('bonus_offers_wagering_base', sql`${t.wageringBase} in (${inList(wageringBases)})`),
    check(
      'bonus_offers_terms',
      sql`${t.kind} = 'deposit_match' and ${t.matchPercent} > 0 and ${t.maxBonus} > 0
        or ${t.kind} <> 'deposit_match' and ${t.amount} > 0`,
    ),
    check('bonus_offers_wagering', sql`${t.wageringMultiplier} >= 0 and ${t.validDays} > 0`),
    check(
      'bonus_offers_schedule',
      sql`${t.availableFrom} is null or ${t.availableUntil} is null or ${t.availableFrom} < ${t.availableUntil}`,
    ),
  ],
);

/** Promo codes: case-insensitive (stored upper-case), a usage limit, an expiry. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Upper-case; the player's input is upper-cased before the look-up. */
    code: text('code').notNull(),
    offerId: text('offer_id')
      .notNull()
      .references(() => bonusOffers.id),
    maxUses: integer('max_uses').notNull(),
    /** Raised atomically (`uses < max_uses`) by each claim. */
    uses: integer('uses').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The player must have deposited at least this much in total (thousandths). */
    minDeposit: bigint('min_deposit', { mode: 'bigint' }),
    /** How many times one player may redeem it (counted under the wallet's lock). */
    maxUsesPerPlayer: integer('max_uses_per_player').notNull().default(1),
    /** Redeemable from then (null: at once); before it the code is unknown to players. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    /** Retired by staff: answered as expired from then on. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('promo_codes_code').on(t.code),
    check('promo_codes_upper', sql`${t.code} = upper(${t.code})`),
    check('promo_codes_uses', sql`${t.uses} >= 0 and ${t.uses} <= ${t.maxUses}`),
    check('promo_codes_per_player', sql`${t.maxUsesPerPlayer} >= 1`),
  ],
);

/**
 * A player's claimed bonus with the terms it was claimed on. Its money is on the ledger
 * (kind 'bonus', keyed on this id; the pocket is wallets.bonus_balance while active); this
 * row is its state, changed in the same transaction as the posting that changes its money.
 */
export const playerBonuses = pgTable(
  'player_bonuses',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    offerId: text('offer_id')
      .notNull()
      .references(() => bonusOffers.id),
    kind: text('kind', { enum: bonusOfferKinds }).notNull(),
    promoCodeId: bigint('promo_code_id', { mode: 'bigint' }).references(() => promoCodes.id),
    status: text('status', { enum: playerBonusStatuses }).notNull(),
    /** Granted bonus (0 while awaiting a deposit). */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The deposit a match was granted on. */
    depositAmount: bigint('deposit_amount', { mode: 'bigint' }),
    wageringRequired: bigint('wagering_required', { mode: 'bigint' }).notNull(),
    wageringMultiplier: integer('wagering_multiplier').notNull(),
    wageringBase: text('wagering_base', { enum: wageringBases }).notNull(),
    contributions: jsonb('contributions').$type<Contributions>().notNull(),
    matchPercent: integer('match_percent'),
    maxBonus: bigint('max_bonus', { mode: 'bigint' }),
    minDeposit: bigint('min_deposit', { mode: 'bigint' }),
    maxBet: bigint('max_bet', { mode: 'bigint' }).notNull(),
    maxCashout: bigint('max_cashout', { mode: 'bigint' }),
    validDays: integer('valid_days').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** What became cash (completed) and what was forfeited (any end). */
    convertedAmount: bigint('converted_amount', { mode: 'bigint' }),
    forfeitedAmount: bigint('forfeited_amount', { mode: 'bigint' }),
  },
  (t) => [
    check('player_bonuses_status', sql`${t.status} in (${inList(playerBonusStatuses)})`),
    // One open bonus per player: two tabs claiming at once cannot both win.
    uniqueIndex('player_bonuses_one_open')
      .on(t.userId)
      .where(sql`${t.status} in ('awaiting_deposit', 'active')`),
    // A promo code's uses by one player (its per-player limit, decision 091; counted under
    // the wallet's row lock, so it needs no unique index).
    index('player_bonuses_promo_idx')
      .on(t.promoCodeId, t.userId)
      .where(sql`${t.promoCodeId} is not null`),
    // The staff's list of claims, newest first, by status.
    index('player_bonuses_status_idx').on(t.status, t.id),
    // A listed one-time offer (not daily, not through a code) once per player.
    uniqueIndex('player_bonuses_offer_once')
      .on(t.userId, t.offerId)
      .where(sql`${t.kind} <> 'daily' and ${t.promoCodeId} is null`),
    index('player_bonuses_user_idx').on(t.userId, t.id),
    index('player_bonuses_open_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} in ('awaiting_deposit', 'active')`),
  ],
);
