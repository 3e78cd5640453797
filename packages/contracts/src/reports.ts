import { z } from 'zod';

/**
 * The operator's reports (apps/server/src/features/reports, decision 075). Dates are local
 * dates in the report's time zone (`time_zone` in every answer); amounts are decimal strings
 * of the currency unit ("-12.345" where a figure can be negative: GGR, NGR, adjustments).
 */

export const reportPeriods = ['day', 'week', 'month'] as const;
export type ReportPeriodName = (typeof reportPeriods)[number];
export const reportGroupings = ['all', 'provider', 'game', 'country'] as const;
export type ReportGrouping = (typeof reportGroupings)[number];

/** The longest range one request may cover: two years and a day. */
export const reportMaxDays = 732;

const localDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date YYYY-MM-DD' })
  .refine((value) => {
    const parsed = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
  }, 'must be a real date');

const dayCount = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

/** GET /api/operator/reports/summary and /summary.csv. `to` is inclusive. */
export const reportSummaryQuerySchema = z
  .object({
    from: localDate,
    to: localDate,
    period: z.enum(reportPeriods).default('day'),
    by: z.enum(reportGroupings).default('all'),
  })
  .refine((q) => q.from <= q.to, { error: 'from must not be after to', path: ['to'] })
  .refine((q) => dayCount(q.from, q.to) <= reportMaxDays, {
    error: `at most ${reportMaxDays} days`,
    path: ['to'],
  });
export type ReportSummaryQuery = z.infer<typeof reportSummaryQuerySchema>;

const amount = z.string();
const count = z.number().int();

export const reportRowSchema = z.object({
  /** First local day of the period (a Monday for weeks). */
  period_start: z.string(),
  /** by=provider and by=game: the provider's slug; `operator` for the cashier and bonuses. */
  provider: z.string().nullable(),
  /** by=game: the game's id; null for rows without a game (cashier, bonuses). */
  game_id: z.string().nullable(),
  /** by=country: ISO code, or null for players whose country is unknown. */
  country: z.string().nullable(),
  currency: z.string(),
  stakes: amount,
  rounds: count,
  refunds: amount,
  refunds_count: count,
  wins: amount,
  provider_adjustments: amount,
  ggr: amount,
  bonus_stakes: amount,
  bonus_refunds: amount,
  bonus_wins: amount,
  bonus_granted: amount,
  bonus_converted: amount,
  bonus_forfeited: amount,
  bonus_cost: amount,
  ngr: amount,
  active_players: count,
  deposits: amount,
  deposits_count: count,
  first_deposits: amount,
  first_deposits_count: count,
  withdrawals_requested: amount,
  withdrawals_requested_count: count,
  withdrawals_paid: amount,
  withdrawals_paid_count: count,
  withdrawals_rejected: amount,
  withdrawals_rejected_count: count,
  net_deposits: amount,
  operator_adjustments: amount,
});
export type ReportRow = z.infer<typeof reportRowSchema>;

/** How far the summaries reach: the ledger rows up to this id, posted up to `at`. */
export const reportCoverageSchema = z.object({
  ledger_id: z.string(),
  at: z.string().nullable(),
});

export const reportSummaryResponseSchema = z.object({
  time_zone: z.string(),
  period: z.enum(reportPeriods),
  by: z.enum(reportGroupings),
  /** The range covered, widened to whole periods. */
  from: z.string(),
  to: z.string(),
  summarised_through: reportCoverageSchema,
  rows: z.array(reportRowSchema),
});
export type ReportSummaryResponse = z.infer<typeof reportSummaryResponseSchema>;

/** GET /api/operator/reports/liability: one date, or each day of a range (`to` inclusive). */
export const reportLiabilityQuerySchema = z
  .object({ from: localDate, to: localDate.optional() })
  .refine((q) => q.to === undefined || q.from <= q.to, {
    error: 'from must not be after to',
    path: ['to'],
  })
  .refine((q) => q.to === undefined || dayCount(q.from, q.to) <= reportMaxDays, {
    error: `at most ${reportMaxDays} days`,
    path: ['to'],
  });

export const reportLiabilityResponseSchema = z.object({
  time_zone: z.string(),
  summarised_through: reportCoverageSchema,
  rows: z.array(
    z.object({
      /** At the end of this local day. */
      date: z.string(),
      currency: z.string(),
      cash: amount,
      bonus: amount,
      total: amount,
    }),
  ),
});
export type ReportLiabilityResponse = z.infer<typeof reportLiabilityResponseSchema>;
