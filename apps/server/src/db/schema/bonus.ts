import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { checkIn, identityId, int8, int8Zero, timestamptz } from './columns';
import { userId } from './accounts';

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

/** A text in both languages of the site. */
export type LocalizedText = { en: string; ru: string };
/** Percent of a bet that wagers, per game category (a category not named: 0). */
export type Contributions = Record<string, number>;

/**
 * A deposit match's terms, set by the offer and copied into each claim of it: percent of the
 * deposit, up to maxBonus, for a deposit ≥ minDeposit (null on the other kinds).
 */
const depositMatchTerms = () => ({
  matchPercent: integer('match_percent'),
  maxBonus: int8('max_bonus'),
  minDeposit: int8('min_deposit'),
});

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
    amount: int8('amount'),
    ...depositMatchTerms(),
    wageringMultiplier: integer('wagering_multiplier').notNull(),
    wageringBase: text('wagering_base', { enum: wageringBases }).notNull().default('bonus'),
    contributions: jsonb('contributions').$type<Contributions>().notNull(),
    /** A bet over this (thousandths) does not wager. */
    maxBet: int8('max_bet').notNull(),
    /** Days from activation (or from the claim, while awaiting a deposit) to expiry. */
    validDays: integer('valid_days').notNull(),
    /** Null: no cap on what converts to cash. */
    maxCashout: int8('max_cashout'),
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
    availableFrom: timestamptz('available_from'),
    availableUntil: timestamptz('available_until'),
    /**
     * Eligible countries (ISO 3166-1 alpha-2, upper case) of the player's residence
     * (`users.country`); null: every country. A player whose country is unknown is not
     * eligible for an offer that names countries.
     */
    countries: text('countries').array(),
  },
  (t) => [
    checkIn('bonus_offers_kind', t.kind, bonusOfferKinds),
    checkIn('bonus_offers_wagering_base', t.wageringBase, wageringBases),
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

/** The offer a row is of (`offer_id`, to bonus_offers). */
const offerId = () =>
  text('offer_id')
    .notNull()
    .references(() => bonusOffers.id);

/** Promo codes: case-insensitive (stored upper-case), a usage limit, an expiry. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: identityId(),
    /** Upper-case; the player's input is upper-cased before the look-up. */
    code: text('code').notNull(),
    offerId: offerId(),
    maxUses: integer('max_uses').notNull(),
    /** Raised atomically (`uses < max_uses`) by each claim. */
    uses: integer('uses').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    /** The player must have deposited at least this much in total (thousandths). */
    minDeposit: int8('min_deposit'),
    /** How many times one player may redeem it (counted under the wallet's lock). */
    maxUsesPerPlayer: integer('max_uses_per_player').notNull().default(1),
    /** Redeemable from then (null: at once); before it the code is unknown to players. */
    startsAt: timestamptz('starts_at'),
    /** Retired by staff: answered as expired from then on. */
    retiredAt: timestamptz('retired_at'),
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
    id: identityId(),
    userId: userId(),
    offerId: offerId(),
    kind: text('kind', { enum: bonusOfferKinds }).notNull(),
    promoCodeId: int8('promo_code_id').references(() => promoCodes.id),
    status: text('status', { enum: playerBonusStatuses }).notNull(),
    /** Granted bonus (0 while awaiting a deposit). */
    amount: int8('amount').notNull(),
    /** The deposit a match was granted on. */
    depositAmount: int8('deposit_amount'),
    wageringRequired: int8('wagering_required').notNull(),
    wageringMultiplier: integer('wagering_multiplier').notNull(),
    wageringBase: text('wagering_base', { enum: wageringBases }).notNull(),
    contributions: jsonb('contributions').$type<Contributions>().notNull(),
    ...depositMatchTerms(),
    maxBet: int8('max_bet').notNull(),
    maxCashout: int8('max_cashout'),
    validDays: integer('valid_days').notNull(),
    claimedAt: timestamptz('claimed_at').notNull(),
    activatedAt: timestamptz('activated_at'),
    expiresAt: timestamptz('expires_at').notNull(),
    endedAt: timestamptz('ended_at'),
    /** What became cash (completed) and what was forfeited (any end). */
    convertedAmount: int8('converted_amount'),
    forfeitedAmount: int8('forfeited_amount'),
    /**
     * Wagering so far: the sum of its un-refunded bets' `ledger_entries.wager_counted`, kept
     * by the ledger's own triggers in each bet's and refund's transaction (migration 0032,
     * decision 103), so settling after a bet reads one row, not every bet of the bonus.
     */
    wagered: int8Zero('wagered'),
  },
  (t) => [
    checkIn('player_bonuses_status', t.status, playerBonusStatuses),
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
