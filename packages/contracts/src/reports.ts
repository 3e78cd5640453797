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

/**
 * Rows per page of GET /api/operator/reports/summary (decision 095). A year of per-game days
 * is some 44,000 rows: the JSON answers them a page at a time, the CSV whole (streamed). A
 * year's total by day is one page.
 */
export const reportPageSize = 500;

const summaryRange = z.object({
  from: localDate,
  to: localDate,
  period: z.enum(reportPeriods).default('day'),
  by: z.enum(reportGroupings).default('all'),
});

/** `from` not after `to`, at most `reportMaxDays` days. */
function rangeChecked<T extends z.ZodType<{ from: string; to: string }>>(schema: T) {
  return schema
    .refine((q) => q.from <= q.to, { error: 'from must not be after to', path: ['to'] })
    .refine((q) => dayCount(q.from, q.to) <= reportMaxDays, {
      error: `at most ${reportMaxDays} days`,
      path: ['to'],
    });
}

/**
 * Where a page starts: after the row with these keys, in the report's order (period start,
 * then provider or country, game, currency). '' stands for none (no game, unknown country).
 */
export type ReportCursor = [periodStart: string, key: string, key2: string, currency: string];

const cursorTuple = z.tuple([
  localDate,
  z.string().max(100),
  z.string().max(200),
  z.string().regex(/^[A-Z]{3}$/),
]);

const cursorError = 'after must be the next of an answer: ["YYYY-MM-DD", key, key2, currency]';

/** The `after` of a request: the `next` of the previous page's answer (a JSON array). */
export const reportCursorSchema = z
  .string({ error: cursorError })
  .max(400, { error: cursorError })
  .transform((text, ctx): ReportCursor => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const cursor = cursorTuple.safeParse(parsed);
    if (cursor.success) return cursor.data;
    ctx.issues.push({ code: 'custom', message: cursorError, input: text });
    return z.NEVER;
  });

/**
 * GET /api/operator/reports/summary: one page of the rows, the first unless `after` names
 * where the previous one ended. `to` is inclusive.
 */
export const reportSummaryQuerySchema = rangeChecked(
  summaryRange.extend({ after: reportCursorSchema.optional() }),
);
export type ReportSummaryQuery = z.infer<typeof reportSummaryQuerySchema>;

/** GET /api/operator/reports/summary.csv: every row of the range, streamed; no page. */
export const reportSummaryCsvQuerySchema = rangeChecked(summaryRange);
export type ReportSummaryCsvQuery = z.infer<typeof reportSummaryCsvQuerySchema>;

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

/** The cursor after `row` (a row of an answer grouped `by`): send it as `after`. */
export function reportRowCursor(row: ReportRow): string {
  const key = row.provider ?? row.country ?? '';
  return JSON.stringify([row.period_start, key, row.game_id ?? '', row.currency]);
}

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
  /**
   * This page's rows, ordered by period_start, then provider or country, game and currency
   * (the order is the same on every page, so the pages one after another are the whole range).
   */
  rows: z.array(reportRowSchema),
  /** `reportPageSize`: every page but the last holds this many rows. */
  page_size: z.number().int(),
  /** The rows of the whole range, on all pages (when this page was read). */
  total_rows: z.number().int().nonnegative(),
  /** ⌈total_rows / page_size⌉: 0 when the range has no rows. */
  total_pages: z.number().int().nonnegative(),
  /** The `after` of the next page; null on the last page. */
  next: z.string().nullable(),
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
