import { z } from 'zod';
import { moneySchema } from './user';

/**
 * The bonus page's API (/api/bonus/*). Money is a decimal string like everywhere; texts come
 * in both languages and the page picks one. Rules: docs/decisions/039-bonus-money-on-the-ledger.md.
 */

export const bonusOfferKinds = ['deposit_match', 'free_credit', 'daily'] as const;
export type BonusOfferKind = (typeof bonusOfferKinds)[number];

export const playerBonusStatuses = [
  /** Claimed while another bonus is open: starts when that one ends (issue 25). */
  'queued',
  'awaiting_deposit',
  'active',
  'completed',
  'cancelled',
  'expired',
  'lost',
  /** Ended by a withdrawal the player confirmed: the pocket (bonus and its winnings) lost. */
  'forfeited',
] as const;
export type PlayerBonusStatus = (typeof playerBonusStatuses)[number];

export const localizedTextSchema = z.object({ en: z.string(), ru: z.string() });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** Percent of a bet that wagers, per game category. */
export const contributionsSchema = z.record(z.string(), z.number().int().min(0).max(100));

export const bonusOfferSchema = z.object({
  id: z.string(),
  kind: z.enum(bonusOfferKinds),
  title: localizedTextSchema,
  terms: localizedTextSchema,
  /** Free credit and daily: the bonus. Null for a deposit match. */
  amount: moneySchema.nullable(),
  match_percent: z.number().int().nullable(),
  max_bonus: moneySchema.nullable(),
  min_deposit: moneySchema.nullable(),
  wagering_multiplier: z.number().int(),
  wagering_base: z.enum(['bonus', 'bonus_deposit']),
  contributions: contributionsSchema,
  max_bet: moneySchema,
  valid_days: z.number().int(),
  max_cashout: moneySchema.nullable(),
  /** The player may claim it now (else `reason` says why not). */
  claimable: z.boolean(),
  /**
   * Why not: 'claimed' (once per player), 'cooldown'. ('bonus_active' is no longer given: while
   * a bonus is open a claim is queued behind it, see `queues`.)
   */
  reason: z.enum(['claimed', 'bonus_active', 'cooldown']).nullable(),
  /** A claim now waits behind the open bonus (status queued) instead of starting at once. */
  queues: z.boolean(),
});
export type BonusOffer = z.infer<typeof bonusOfferSchema>;

export const playerBonusSchema = z.object({
  id: z.string(),
  offer_id: z.string(),
  kind: z.enum(bonusOfferKinds),
  title: localizedTextSchema,
  status: z.enum(playerBonusStatuses),
  /** The bonus granted ("0.00" while awaiting its deposit). */
  amount: moneySchema,
  /** What is left of it in the pocket now (active only; else "0.00"). */
  balance: moneySchema,
  /** Wagering so far and required; percent is floor(wagered / required × 100), max 100. */
  wagered: moneySchema,
  wagering_required: moneySchema,
  percent: z.number().int().min(0).max(100),
  max_bet: moneySchema,
  max_cashout: moneySchema.nullable(),
  contributions: contributionsSchema,
  /** A deposit match awaiting its deposit: the percent, the cap and the minimum deposit. */
  match_percent: z.number().int().nullable(),
  max_bonus: moneySchema.nullable(),
  min_deposit: moneySchema.nullable(),
  claimed_at: z.string(),
  expires_at: z.string(),
  ended_at: z.string().nullable(),
  converted_amount: moneySchema.nullable(),
  forfeited_amount: moneySchema.nullable(),
  /**
   * Active only: what a withdrawal now would forfeit (the pocket, split into what is left of
   * the bonus and the winnings made with it). Null otherwise.
   */
  withdrawal_forfeit: z
    .object({ bonus: moneySchema, winnings: moneySchema, total: moneySchema })
    .nullable(),
});
export type PlayerBonus = z.infer<typeof playerBonusSchema>;

/**
 * A withdrawal's confirmation that it may end the active bonus: the bonus id and the total the
 * warning showed. A bonus whose pocket changed since (a win, a bet) is not forfeited: the
 * warning is shown again with the new amounts.
 */
export const bonusForfeitConfirmationSchema = z.object({
  bonus_id: z.string().regex(/^[1-9]\d{0,18}$/),
  total: moneySchema,
});
export type BonusForfeitConfirmation = z.infer<typeof bonusForfeitConfirmationSchema>;

/** GET /bonus: everything the bonus page shows. */
export const bonusOverviewResponseSchema = z.object({
  /** The large promo card (an offer), or null. */
  featured: bonusOfferSchema.nullable(),
  /** The listed offers (not the featured one, not daily, not promo-only). */
  offers: z.array(bonusOfferSchema),
  /** The daily bonus offer and when it may next be claimed (null: now). */
  daily: z
    .object({
      offer: bonusOfferSchema,
      next_at: z.string().nullable(),
    })
    .nullable(),
  /** The player's open bonus (active or awaiting its deposit), or null: one at a time. */
  active: playerBonusSchema.nullable(),
  /** Claims waiting behind it, in the order they start. */
  queued: z.array(playerBonusSchema),
  /** The last ended bonuses, newest first. */
  history: z.array(playerBonusSchema),
  /** Cash and bonus money now. */
  cash: moneySchema,
  bonus: moneySchema,
  /** Server time, so the page's countdown does not depend on the device's clock. */
  now: z.string(),
});
export type BonusOverviewResponse = z.infer<typeof bonusOverviewResponseSchema>;

/** POST /bonus/claim: claim a listed offer, or the daily bonus. */
export const bonusClaimRequestSchema = z.object({ offer_id: z.string().min(1).max(64) });
export type BonusClaimRequest = z.infer<typeof bonusClaimRequestSchema>;

export const promoCodeMaxLength = 32;
/** POST /bonus/promo: activate a promo code (case-insensitive, surrounding spaces ignored). */
export const promoCodeRequestSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, { error: 'promo_code_required' })
    .max(promoCodeMaxLength, { error: 'promo_code_unknown' }),
});
export type PromoCodeRequest = z.input<typeof promoCodeRequestSchema>;

export const bonusIdParamsSchema = z.object({ id: z.string().regex(/^[1-9]\d{0,18}$/) });

/** The answer of a claim, a promo code and a cancel: the bonus as it is now. */
export const playerBonusResponseSchema = z.object({ bonus: playerBonusSchema });
export type PlayerBonusResponse = z.infer<typeof playerBonusResponseSchema>;

export const bonusErrorCodes = {
  OFFER_NOT_FOUND: 'OFFER_NOT_FOUND',
  BONUS_NOT_FOUND: 'BONUS_NOT_FOUND',
  /** Another bonus is open (active or awaiting a deposit): one at a time. */
  BONUS_ACTIVE: 'BONUS_ACTIVE',
  /** A one-time offer this player already claimed. */
  ALREADY_CLAIMED: 'ALREADY_CLAIMED',
  /** The daily bonus before 24 h have passed; the message names when. */
  DAILY_COOLDOWN: 'DAILY_COOLDOWN',
  PROMO_UNKNOWN: 'PROMO_UNKNOWN',
  PROMO_EXPIRED: 'PROMO_EXPIRED',
  PROMO_USED_UP: 'PROMO_USED_UP',
  PROMO_ALREADY_USED: 'PROMO_ALREADY_USED',
  /** The promo code needs deposits of at least its minimum. */
  DEPOSIT_REQUIRED: 'DEPOSIT_REQUIRED',
  /** Cancel of a bonus that already ended. */
  BONUS_ENDED: 'BONUS_ENDED',
  /** The offer is not available in the player's country (decision 091). */
  NOT_ELIGIBLE: 'NOT_ELIGIBLE',
  /** Back office: an offer id or a promo code that already exists. */
  OFFER_EXISTS: 'OFFER_EXISTS',
  PROMO_EXISTS: 'PROMO_EXISTS',
} as const;
export type BonusErrorCode = (typeof bonusErrorCodes)[keyof typeof bonusErrorCodes];
