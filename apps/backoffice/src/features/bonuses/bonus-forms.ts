import type {
  StaffOffer,
  StaffOfferCreate,
  StaffPromo,
  StaffPromoCreate,
} from '@casino/contracts/operator';
import { gameCategories } from '@casino/contracts';
import { z } from 'zod';

/**
 * The offer and promo-code forms' values (what the inputs hold: text and switches) and their
 * conversion to the route's body. The checks mirror the server's schema (decision 091), with
 * messages that are keys of `bonusAdmin.errors`; the server checks again and its field errors
 * land on the same fields.
 */

const amount = /^\d{1,9}(\.\d{1,2})?$/;
const zero = /^0+(\.0+)?$/;
const money = (required: boolean) =>
  z
    .string()
    .trim()
    .refine((v) => (v === '' ? !required : amount.test(v)), { message: 'amount' })
    .refine((v) => v === '' || !zero.test(v), { message: 'positive' });
const whole = (min: number, max: number) =>
  z
    .string()
    .trim()
    .refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max, { message: 'whole' });
const text = (max: number) => z.string().trim().min(1).max(max);

export type Category = (typeof gameCategories)[number];
export const categories = gameCategories;

export const offerFormSchema = z
  .object({
    id: z.string().trim(),
    kind: z.enum(['deposit_match', 'free_credit', 'daily']),
    title_en: text(80),
    title_ru: text(80),
    terms_en: text(2000),
    terms_ru: text(2000),
    amount: money(false),
    match_percent: z.string().trim(),
    max_bonus: money(false),
    min_deposit: money(false),
    wagering_multiplier: whole(0, 200),
    wagering_base: z.enum(['bonus', 'bonus_deposit']),
    c_slots: whole(0, 100),
    c_table: whole(0, 100),
    c_live: whole(0, 100),
    c_instant: whole(0, 100),
    max_bet: money(true),
    valid_days: whole(1, 365),
    max_cashout: money(false),
    promo_only: z.boolean(),
    featured: z.boolean(),
    enabled: z.boolean(),
    sort_order: whole(0, 100_000),
    available_from: z.string(),
    available_until: z.string(),
    countries: z
      .string()
      .trim()
      .refine((v) => v === '' || splitCountries(v).every((c) => /^[A-Z]{2}$/.test(c)), {
        message: 'country',
      }),
    reason: text(500),
    creating: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.creating && !/^[a-z0-9][a-z0-9-]{1,47}$/.test(v.id)) issue('id', 'slug');
    if (v.kind === 'deposit_match') {
      const pct = v.match_percent;
      if (!/^\d+$/.test(pct) || Number(pct) < 1 || Number(pct) > 1000) {
        issue('match_percent', pct === '' ? 'required' : 'whole');
      }
      if (v.max_bonus === '') issue('max_bonus', 'required');
    } else if (v.amount === '') {
      issue('amount', 'required');
    }
    if (categories.every((c) => Number(v[`c_${c}`]) === 0)) issue('c_slots', 'contributions');
    if (v.available_from && v.available_until && v.available_until <= v.available_from) {
      issue('available_until', 'order');
    }
  });
export type OfferForm = z.input<typeof offerFormSchema>;

function splitCountries(v: string): string[] {
  return v
    .split(/[\s,;]+/)
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
}

/** `datetime-local`'s value (local time, no zone) ⇄ an ISO instant. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
export function fromLocalInput(value: string): string | null {
  return value === '' ? null : new Date(value).toISOString();
}
const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

export function offerFormValues(offer: StaffOffer | null): OfferForm {
  const c = offer?.contributions ?? { slots: 100 };
  return {
    id: offer?.id ?? '',
    kind: offer?.kind ?? 'free_credit',
    title_en: offer?.title.en ?? '',
    title_ru: offer?.title.ru ?? '',
    terms_en: offer?.terms.en ?? '',
    terms_ru: offer?.terms.ru ?? '',
    amount: offer?.amount ?? '',
    match_percent: offer?.match_percent?.toString() ?? '',
    max_bonus: offer?.max_bonus ?? '',
    min_deposit: offer?.min_deposit ?? '',
    wagering_multiplier: String(offer?.wagering_multiplier ?? 30),
    wagering_base: offer?.wagering_base ?? 'bonus',
    c_slots: String(c.slots ?? 0),
    c_table: String(c.table ?? 0),
    c_live: String(c.live ?? 0),
    c_instant: String(c.instant ?? 0),
    max_bet: offer?.max_bet ?? '5.00',
    valid_days: String(offer?.valid_days ?? 7),
    max_cashout: offer?.max_cashout ?? '',
    promo_only: offer?.promo_only ?? false,
    featured: offer?.featured ?? false,
    enabled: offer?.enabled ?? true,
    sort_order: String(offer?.sort_order ?? 100),
    available_from: toLocalInput(offer?.available_from ?? null),
    available_until: toLocalInput(offer?.available_until ?? null),
    countries: offer?.countries?.join(', ') ?? '',
    reason: '',
    creating: offer === null,
  };
}

/** The body of `bonuses.offers.create` (the update's is the same without `id`). */
export function offerBody(v: OfferForm): StaffOfferCreate {
  const contributions: Record<string, number> = {};
  for (const c of categories) {
    const n = Number(v[`c_${c}`]);
    if (n > 0) contributions[c] = n;
  }
  const match = v.kind === 'deposit_match';
  return {
    id: v.id.trim(),
    kind: v.kind,
    title: { en: v.title_en.trim(), ru: v.title_ru.trim() },
    terms: { en: v.terms_en.trim(), ru: v.terms_ru.trim() },
    amount: match ? null : orNull(v.amount),
    match_percent: match ? Number(v.match_percent) : null,
    max_bonus: match ? orNull(v.max_bonus) : null,
    min_deposit: match ? orNull(v.min_deposit) : null,
    wagering_multiplier: Number(v.wagering_multiplier),
    wagering_base: v.wagering_base,
    contributions,
    max_bet: v.max_bet.trim(),
    valid_days: Number(v.valid_days),
    max_cashout: orNull(v.max_cashout),
    promo_only: v.promo_only,
    featured: v.featured,
    enabled: v.enabled,
    sort_order: Number(v.sort_order),
    available_from: fromLocalInput(v.available_from),
    available_until: fromLocalInput(v.available_until),
    countries: v.countries.trim() === '' ? null : [...new Set(splitCountries(v.countries))],
    reason: v.reason.trim(),
  };
}

export const promoFormSchema = z
  .object({
    code: z.string().trim(),
    offer_id: z.string().min(1),
    max_uses: whole(1, 10_000_000),
    max_uses_per_player: whole(1, 1000),
    min_deposit: money(false),
    starts_at: z.string(),
    expires_at: z.string().min(1),
    reason: text(500),
    creating: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.creating && !/^[A-Za-z0-9_-]{3,32}$/.test(v.code)) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'code' });
    }
    if (v.starts_at && v.expires_at && v.expires_at <= v.starts_at) {
      ctx.addIssue({ code: 'custom', path: ['expires_at'], message: 'order' });
    }
  });
export type PromoForm = z.input<typeof promoFormSchema>;

export function promoFormValues(promo: StaffPromo | null, offerId = ''): PromoForm {
  const month = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString();
  return {
    code: promo?.code ?? '',
    offer_id: promo?.offer_id ?? offerId,
    max_uses: String(promo?.max_uses ?? 1000),
    max_uses_per_player: String(promo?.max_uses_per_player ?? 1),
    min_deposit: promo?.min_deposit ?? '',
    starts_at: toLocalInput(promo?.starts_at ?? null),
    expires_at: toLocalInput(promo?.expires_at ?? month),
    reason: '',
    creating: promo === null,
  };
}

export function promoBody(v: PromoForm): StaffPromoCreate {
  return {
    code: v.code.trim().toUpperCase(),
    offer_id: v.offer_id,
    max_uses: Number(v.max_uses),
    max_uses_per_player: Number(v.max_uses_per_player),
    min_deposit: orNull(v.min_deposit),
    starts_at: fromLocalInput(v.starts_at),
    expires_at: fromLocalInput(v.expires_at) ?? new Date().toISOString(),
    reason: v.reason.trim(),
  };
}
