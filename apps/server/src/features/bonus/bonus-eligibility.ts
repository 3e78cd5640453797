import type { OfferRow, PromoRow } from './bonus-repository';

/**
 * The offer's schedule and countries, and the promo code's own schedule (decision 091): the
 * rules the back office sets and the engine applies to listings, claims and codes alike.
 */

/** Where `now` is against the offer's schedule. */
export function offerWindow(offer: OfferRow, now: Date): 'before' | 'open' | 'after' {
  if (offer.availableFrom !== null && now < offer.availableFrom) return 'before';
  if (offer.availableUntil !== null && now >= offer.availableUntil) return 'after';
  return 'open';
}

/**
 * Whether a player of `country` (their residence; null while unknown) may have the offer.
 * An offer naming countries excludes a player whose country is unknown.
 */
export function countryEligible(offer: OfferRow, country: string | null): boolean {
  if (offer.countries === null) return true;
  return country !== null && offer.countries.includes(country);
}

/** Where `now` is against a promo code's own life: not started, live, or over (retired, expired). */
export function promoWindow(promo: PromoRow, now: Date): 'before' | 'open' | 'after' {
  if (promo.startsAt !== null && now < promo.startsAt) return 'before';
  if (promo.retiredAt !== null || promo.expiresAt <= now) return 'after';
  return 'open';
}
