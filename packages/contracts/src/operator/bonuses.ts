import { z } from 'zod';
import {
  bonusOfferKinds,
  contributionsSchema,
  localizedTextSchema,
  playerBonusStatuses,
  promoCodeMaxLength,
} from '../bonus';
import { moneySchema } from '../user';

/**
 * Bonus offers, promo codes and players' claims in the back office (issue 30, decision 091).
 * Every field is one the bonus engine enforces (apps/server/src/features/bonus/README.md);
 * amounts are decimal strings with at most two places, as staff type them.
 */

const reason = z.string().trim().min(1).max(500);
const when = z.iso.datetime({ offset: true });
/** A positive amount typed by staff: "10", "10.5", "10.50". */
const amountInput = z
  .string()
  .trim()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: 'amount' })
  .refine((v) => !/^0+(\.0+)?$/.test(v), { error: 'positive' });
const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: 'country' });

/** The offer's id: a short slug, fixed at creation (claims name it). */
export const offerIdSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{1,47}$/, { error: 'slug' });

const offerFields = z.object({
  kind: z.enum(bonusOfferKinds),
  title: localizedTextSchema.extend({
    en: z.string().trim().min(1).max(80),
    ru: z.string().trim().min(1).max(80),
  }),
  terms: localizedTextSchema.extend({
    en: z.string().trim().min(1).max(2000),
    ru: z.string().trim().min(1).max(2000),
  }),
  /** Free credit and daily: the bonus granted. */
  amount: amountInput.nullable(),
  /** Deposit match: percent of the deposit… */
  match_percent: z.number().int().min(1).max(1000).nullable(),
  /** …up to this cap. */
  max_bonus: amountInput.nullable(),
  /** Deposit match: the smallest deposit it is granted on. */
  min_deposit: amountInput.nullable(),
  wagering_multiplier: z.number().int().min(0).max(200),
  wagering_base: z.enum(['bonus', 'bonus_deposit']),
  /** Percent of a bet that wagers, per game category; a category not named wagers 0. */
  contributions: contributionsSchema.refine((c) => Object.keys(c).length > 0, {
    error: 'contributions',
  }),
  /** A bet over this does not wager. */
  max_bet: amountInput,
  /** Days from activation to the bonus's expiry. */
  valid_days: z.number().int().min(1).max(365),
  /** Null: everything wagered converts. */
  max_cashout: amountInput.nullable(),
  promo_only: z.boolean(),
  featured: z.boolean(),
  enabled: z.boolean(),
  sort_order: z.number().int().min(0).max(100_000),
  /** The schedule: claimable from / until (null: no bound). */
  available_from: when.nullable(),
  available_until: when.nullable(),
  /** Eligible countries of residence; null: every country. */
  countries: z.array(countryCode).min(1).max(250).nullable(),
});

type OfferFields = z.infer<typeof offerFields>;

/** The rules across fields, each reported on the field to correct. */
function offerRules(o: OfferFields, ctx: z.RefinementCtx) {
  const need = (path: keyof OfferFields, ok: boolean, message: string) => {
    if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
  };
  if (o.kind === 'deposit_match') {
    need('match_percent', o.match_percent !== null, 'required');
    need('max_bonus', o.max_bonus !== null, 'required');
  } else {
    need('amount', o.amount !== null, 'required');
  }
  if (o.available_from !== null && o.available_until !== null) {
    need('available_until', Date.parse(o.available_until) > Date.parse(o.available_from), 'order');
  }
}

export const staffOfferCreateSchema = offerFields
  .extend({ id: offerIdSchema, reason })
  .superRefine(offerRules);
export type StaffOfferCreate = z.infer<typeof staffOfferCreateSchema>;

/** An edit: every term but the id. Bonuses already claimed keep the terms they were claimed on. */
export const staffOfferUpdateSchema = offerFields.extend({ reason }).superRefine(offerRules);
export type StaffOfferUpdate = z.infer<typeof staffOfferUpdateSchema>;

export const offerStates = ['scheduled', 'live', 'ended', 'retired'] as const;

export const staffOfferSchema = z.object({
  id: z.string(),
  kind: z.enum(bonusOfferKinds),
  title: localizedTextSchema,
  terms: localizedTextSchema,
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
  promo_only: z.boolean(),
  featured: z.boolean(),
  enabled: z.boolean(),
  sort_order: z.number().int(),
  available_from: when.nullable(),
  available_until: when.nullable(),
  countries: z.array(z.string()).nullable(),
  /** retired (switched off), scheduled (not yet), ended (past its until), else live. */
  state: z.enum(offerStates),
  /** Claims of it so far, every status. */
  claims: z.number().int(),
});
export type StaffOffer = z.infer<typeof staffOfferSchema>;
export const staffOffersResponseSchema = z.object({ data: z.array(staffOfferSchema) });
export const staffOfferParamsSchema = z.object({ offerId: z.string().min(1).max(48) });

export const promoStates = ['scheduled', 'live', 'used_up', 'expired', 'retired'] as const;

const promoFields = z.object({
  max_uses: z.number().int().min(1).max(10_000_000),
  max_uses_per_player: z.number().int().min(1).max(1000),
  /** The player's deposits must total at least this. */
  min_deposit: amountInput.nullable(),
  starts_at: when.nullable(),
  expires_at: when,
  reason,
});
const promoOrder = (p: { starts_at: string | null; expires_at: string }, ctx: z.RefinementCtx) => {
  if (p.starts_at !== null && Date.parse(p.expires_at) <= Date.parse(p.starts_at)) {
    ctx.addIssue({ code: 'custom', path: ['expires_at'], message: 'order' });
  }
};

export const staffPromoCreateSchema = promoFields
  .extend({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(new RegExp(`^[A-Z0-9_-]{3,${promoCodeMaxLength}}$`), { error: 'code' }),
    offer_id: z.string().min(1).max(48),
  })
  .superRefine(promoOrder);
export type StaffPromoCreate = z.infer<typeof staffPromoCreateSchema>;

/** An edit: the limits and dates; the code and its offer are fixed (claims name them). */
export const staffPromoUpdateSchema = promoFields.superRefine(promoOrder);
export type StaffPromoUpdate = z.infer<typeof staffPromoUpdateSchema>;

export const staffPromoSchema = z.object({
  id: z.string(),
  code: z.string(),
  offer_id: z.string(),
  offer_title: localizedTextSchema,
  max_uses: z.number().int(),
  uses: z.number().int(),
  max_uses_per_player: z.number().int(),
  min_deposit: moneySchema.nullable(),
  starts_at: when.nullable(),
  expires_at: when,
  retired_at: when.nullable(),
  state: z.enum(promoStates),
});
export type StaffPromo = z.infer<typeof staffPromoSchema>;
export const staffPromosResponseSchema = z.object({ data: z.array(staffPromoSchema) });
export const staffPromoParamsSchema = z.object({ promoId: z.string().regex(/^[1-9]\d{0,18}$/) });

export const staffRetireBodySchema = z.object({ reason });

export const staffClaimsQuerySchema = z.object({
  status: z.enum(playerBonusStatuses).optional(),
  offer_id: z.string().max(48).optional(),
  /** A player's email (part of it) or id. */
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** A player's claim with its wagering progress (read from the ledger while active). */
export const staffClaimSchema = z.object({
  id: z.string(),
  user_id: z.uuid(),
  email: z.string(),
  offer_id: z.string(),
  title: localizedTextSchema,
  promo_code: z.string().nullable(),
  status: z.enum(playerBonusStatuses),
  amount: moneySchema,
  /** The bonus pocket now (active only; else 0). */
  balance: moneySchema,
  wagered: moneySchema,
  wagering_required: moneySchema,
  percent: z.number().int().min(0).max(100),
  claimed_at: when,
  expires_at: when,
  ended_at: when.nullable(),
  converted_amount: moneySchema.nullable(),
  forfeited_amount: moneySchema.nullable(),
});
export type StaffClaim = z.infer<typeof staffClaimSchema>;
export const staffClaimsResponseSchema = z.object({
  data: z.array(staffClaimSchema),
  page: z.number().int(),
  has_more: z.boolean(),
});
export const staffClaimParamsSchema = z.object({ claimId: z.string().regex(/^[1-9]\d{0,18}$/) });
