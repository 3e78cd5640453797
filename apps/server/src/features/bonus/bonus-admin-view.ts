import type {
  StaffClaim,
  StaffOffer,
  StaffOfferUpdate,
  StaffPromo,
  StaffPromoUpdate,
} from '@casino/contracts/operator';
import { formatMoney, fromDecimalString } from '../wallet';
import type { NewOffer, NewPromo } from './bonus-admin-repository';
import { offerWindow, promoWindow } from './bonus-eligibility';
import type { OfferRow, PlayerBonusRow, PromoRow } from './bonus-repository';

/** Offers, promo codes and claims as the back office sees them, and its input as rows. */

const money = (v: bigint | null): string | null => (v === null ? null : formatMoney(v));
const iso = (v: Date | null): string | null => (v === null ? null : v.toISOString());
/** Staff type at most two decimals (the schema checked); thousandths for the row. */
const amount = (v: string): bigint => fromDecimalString(v, { scale: 2 });
const amountOrNull = (v: string | null): bigint | null => (v === null ? null : amount(v));
const dateOrNull = (v: string | null): Date | null => (v === null ? null : new Date(v));

export function staffOfferView(row: OfferRow, claims: number, now: Date): StaffOffer {
  const window = offerWindow(row, now);
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    terms: row.terms,
    amount: money(row.amount),
    match_percent: row.matchPercent,
    max_bonus: money(row.maxBonus),
    min_deposit: money(row.minDeposit),
    wagering_multiplier: row.wageringMultiplier,
    wagering_base: row.wageringBase,
    contributions: row.contributions,
    max_bet: formatMoney(row.maxBet),
    valid_days: row.validDays,
    max_cashout: money(row.maxCashout),
    promo_only: row.promoOnly,
    featured: row.featured,
    enabled: row.enabled,
    sort_order: row.sortOrder,
    available_from: iso(row.availableFrom),
    available_until: iso(row.availableUntil),
    countries: row.countries,
    state: !row.enabled
      ? 'retired'
      : window === 'before'
        ? 'scheduled'
        : window === 'after'
          ? 'ended'
          : 'live',
    claims,
  };
}

/**
 * The offer's columns from the form. The fields a kind does not use are stored null, so a
 * row never carries a term the engine would ignore for it.
 */
export function offerValues(input: StaffOfferUpdate): Omit<NewOffer, 'id'> {
  const match = input.kind === 'deposit_match';
  return {
    kind: input.kind,
    title: input.title,
    terms: input.terms,
    amount: match ? null : amountOrNull(input.amount),
    matchPercent: match ? input.match_percent : null,
    maxBonus: match ? amountOrNull(input.max_bonus) : null,
    minDeposit: match ? amountOrNull(input.min_deposit) : null,
    wageringMultiplier: input.wagering_multiplier,
    wageringBase: input.wagering_base,
    contributions: input.contributions,
    maxBet: amount(input.max_bet),
    validDays: input.valid_days,
    maxCashout: amountOrNull(input.max_cashout),
    promoOnly: input.promo_only,
    featured: input.featured,
    enabled: input.enabled,
    sortOrder: input.sort_order,
    availableFrom: dateOrNull(input.available_from),
    availableUntil: dateOrNull(input.available_until),
    countries: input.countries === null ? null : [...new Set(input.countries)].sort(),
  };
}

export function staffPromoView(row: PromoRow, offer: OfferRow | undefined, now: Date): StaffPromo {
  const window = promoWindow(row, now);
  return {
    id: row.id.toString(),
    code: row.code,
    offer_id: row.offerId,
    offer_title: offer?.title ?? { en: row.offerId, ru: row.offerId },
    max_uses: row.maxUses,
    uses: row.uses,
    max_uses_per_player: row.maxUsesPerPlayer,
    min_deposit: money(row.minDeposit),
    starts_at: iso(row.startsAt),
    expires_at: row.expiresAt.toISOString(),
    retired_at: iso(row.retiredAt),
    state:
      row.retiredAt !== null
        ? 'retired'
        : window === 'before'
          ? 'scheduled'
          : window === 'after'
            ? 'expired'
            : row.uses >= row.maxUses
              ? 'used_up'
              : 'live',
  };
}

export function promoValues(input: StaffPromoUpdate): Omit<NewPromo, 'code' | 'offerId'> {
  return {
    maxUses: input.max_uses,
    maxUsesPerPlayer: input.max_uses_per_player,
    minDeposit: amountOrNull(input.min_deposit),
    startsAt: dateOrNull(input.starts_at),
    expiresAt: new Date(input.expires_at),
  };
}

/** A claim with its wagering: `wagered` is its running sum for a claim played with. */
export function staffClaimView(
  row: { claim: PlayerBonusRow; email: string; code: string | null },
  offer: OfferRow | undefined,
  live: { wagered: bigint | null; pocket: bigint },
): StaffClaim {
  const c = row.claim;
  const required = c.wageringRequired;
  const wagered = live.wagered ?? (c.status === 'completed' ? required : 0n);
  const shown = wagered < required ? wagered : required;
  const percent =
    required === 0n
      ? c.status === 'completed'
        ? 100
        : 0
      : Math.min(100, Number((shown * 100n) / required));
  return {
    id: c.id.toString(),
    user_id: c.userId,
    email: row.email,
    offer_id: c.offerId,
    title: offer?.title ?? { en: c.offerId, ru: c.offerId },
    promo_code: row.code,
    status: c.status,
    amount: formatMoney(c.amount),
    balance: formatMoney(c.status === 'active' ? live.pocket : 0n),
    wagered: formatMoney(shown),
    wagering_required: formatMoney(required),
    percent,
    claimed_at: c.claimedAt.toISOString(),
    expires_at: c.expiresAt.toISOString(),
    ended_at: iso(c.endedAt),
    converted_amount: money(c.convertedAmount),
    forfeited_amount: money(c.forfeitedAmount),
  };
}
