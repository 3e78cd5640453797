import {
  reportSummaryQuerySchema,
  type ReportRow,
  type ReportSummaryResponse,
} from '@casino/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportsJob } from '../../src/features/reports/reports-job';
import { csvColumns, csvLine } from '../../src/features/reports/report-view';
import {
  createReportsService,
  type ReportsService,
} from '../../src/features/reports/reports-service';
import { createLedger } from '../../src/features/wallet/ledger';
import { formatMoney } from '../../src/features/wallet/money';
import { fixedClock } from '../../src/lib/clock';
import { pino } from 'pino';
import { expectLedgerClean } from '../helpers/ledger';
import { playRandomly } from '../helpers/report-play';
import { createTestDb, type TestDatabase } from '../helpers/test-database';
import {
  expectedLiability,
  expectedReport,
  localDate,
  readLedger,
  type By,
  type ExpectedCell,
  type LedgerSnapshot,
  type Period,
} from './expected-reports';

// Issue 30, "Exactness": every cell of every report equals the same sum computed straight
// from the ledger, for random play across midnight in several zones: UTC, one with a
// daylight-saving change in the range (Europe/Berlin, 29 March 2026) and one half an hour off
// the hour (Asia/Kolkata, +05:30).
const zones = ['UTC', 'Europe/Berlin', 'Asia/Kolkata'] as const;
const periods: Period[] = ['day', 'week', 'month'];
const groupings: By[] = ['all', 'provider', 'game', 'country'];
const logger = pino({ level: 'silent' });

let test: TestDatabase;
let snapshot: LedgerSnapshot;
const clock = fixedClock(new Date('2026-03-27T18:00:00Z'));

beforeAll(async () => {
  test = await createTestDb();
  const ledger = createLedger({ db: test.db, clock });
  // The job runs while play goes on (the first zone's summaries are built in many small
  // batches, interleaved with postings), then once more at the end.
  const job = createReportsJob({ db: test.db, clock, logger, timeZone: zones[0], batchSize: 37 });
  await playRandomly({
    db: test.db,
    ledger,
    clock,
    seed: 30,
    players: 12,
    steps: 700,
    // About 700 × 7.5 minutes ≈ 3.6 days: several midnights in every zone, a week's change.
    maxMinutesPerStep: 15,
    every: { steps: 50, run: () => job.runOnce() },
  });
  await job.runOnce({ maxBatches: 10_000 });
  await expectLedgerClean(test.db);
  snapshot = await readLedger(test.db);
}, 120_000);

afterAll(async () => {
  await test.destroy();
});

function asExpected(row: ReportRow) {
  return `${row.period_start}|${row.provider ?? ''}|${row.game_id ?? ''}|${row.country ?? ''}`;
}

function viewOf(cell: ExpectedCell) {
  const ggr = cell.stakes - cell.refunds - cell.wins - cell.provider_adjustments;
  const bonusCost = cell.bonus_converted + cell.bonus_stakes - cell.bonus_refunds - cell.bonus_wins;
  const net = cell.deposits - cell.withdrawals_requested + cell.withdrawals_rejected;
  const m = formatMoney;
  return {
    stakes: m(cell.stakes),
    rounds: cell.rounds,
    refunds: m(cell.refunds),
    refunds_count: cell.refunds_count,
    wins: m(cell.wins),
    provider_adjustments: m(cell.provider_adjustments),
    ggr: m(ggr),
    bonus_stakes: m(cell.bonus_stakes),
    bonus_refunds: m(cell.bonus_refunds),
    bonus_wins: m(cell.bonus_wins),
    bonus_granted: m(cell.bonus_granted),
    bonus_converted: m(cell.bonus_converted),
    bonus_forfeited: m(cell.bonus_forfeited),
    bonus_cost: m(bonusCost),
    ngr: m(ggr - bonusCost),
    active_players: cell.players.size,
    deposits: m(cell.deposits),
    deposits_count: cell.deposits_count,
    first_deposits: m(cell.first_deposits),
    first_deposits_count: cell.first_deposits_count,
    withdrawals_requested: m(cell.withdrawals_requested),
    withdrawals_requested_count: cell.withdrawals_requested_count,
    withdrawals_paid: m(cell.withdrawals_paid),
    withdrawals_paid_count: cell.withdrawals_paid_count,
    withdrawals_rejected: m(cell.withdrawals_rejected),
    withdrawals_rejected_count: cell.withdrawals_rejected_count,
    net_deposits: m(net),
    operator_adjustments: m(cell.operator_adjustments),
  };
}

/** Every page of a report, following `next` from the first. */
async function allPages(
  service: ReportsService,
  query: { from: string; to: string; period: Period; by: By },
): Promise<ReportSummaryResponse[]> {
  const pages: ReportSummaryResponse[] = [];
  let after: string | null = null;
  do {
    const page = await service.summary(
      reportSummaryQuerySchema.parse({ ...query, ...(after ? { after } : {}) }),
    );
    pages.push(page);
    after = page.next;
  } while (after !== null && pages.length < 10_000);
  return pages;
}

// Pages of 7 rows: every report of the play spans several (decision 095).
const smallPage = 7;

describe.each(zones)('reports in %s', (zone) => {
  const service = () => createReportsService({ db: test.db, timeZone: zone });
  const paged = () => createReportsService({ db: test.db, timeZone: zone, pageSize: smallPage });
  const first = () => localDate(new Date('2026-03-27T00:00:00Z'), zone);
  const last = () => localDate(clock.now(), zone);

  beforeAll(async () => {
    // A zone other than the summaries' rebuilds them from the ledger, in batches.
    const job = createReportsJob({ db: test.db, clock, logger, timeZone: zone, batchSize: 500 });
    const run = await job.runOnce({ maxBatches: 10_000 });
    expect(run.rebuilt).toBe(zone !== zones[0]);
  });

  it('the play covered refunds, bonuses, paid and rejected withdrawals over several days', () => {
    const kinds = new Set(snapshot.entries.map((e) => `${e.kind}:${e.operation}`));
    for (const k of ['refund:refund', 'bonus:bonus_grant', 'bonus:bonus_convert']) {
      expect(kinds).toContain(k);
    }
    expect(kinds).toContain('withdrawal_reversal:withdrawal_reversal');
    expect(snapshot.paid.length).toBeGreaterThan(0);
    const days = new Set(snapshot.entries.map((e) => localDate(new Date(e.created_at), zone)));
    expect(days.size).toBeGreaterThanOrEqual(4);
  });

  it.each(periods.flatMap((p) => groupings.map((b) => [p, b] as const)))(
    'every cell of period=%s by=%s equals the ledger',
    async (period, by) => {
      const query = { from: first(), to: last(), period, by };
      const report = await service().summary(query);
      expect(report.time_zone).toBe(zone);
      expect(report).toMatchObject({ total_pages: 1, next: null });
      expect(report.total_rows).toBe(report.rows.length);

      // Pages of a few rows, one after another, are the rows of the whole report exactly.
      const pages = await allPages(paged(), query);
      expect(pages.map((page) => page.rows).flat()).toEqual(report.rows);
      expect(pages.length).toBe(Math.max(1, Math.ceil(report.rows.length / smallPage)));
      for (const page of pages) {
        expect(page).toMatchObject({
          page_size: smallPage,
          total_rows: report.rows.length,
          total_pages: Math.ceil(report.rows.length / smallPage),
        });
      }
      expect(pages.slice(0, -1).every((page) => page.rows.length === smallPage)).toBe(true);

      // The CSV, read a page at a time, is every row of the report in the same order.
      let csv = '';
      for await (const part of paged().summaryCsv(query)) csv += part;
      const view = (row: ReportRow) => csvLine(csvColumns.map((column) => row[column]));
      expect(csv).toBe(
        [csvLine([`# time_zone=${zone}`]), csvLine(csvColumns), ...report.rows.map(view)].join(''),
      );

      const expected = expectedReport(snapshot, zone, period, by);
      const got = new Map(report.rows.map((row) => [asExpected(row), row]));
      expect([...got.keys()].sort()).toEqual([...expected.keys()].sort());
      for (const [key, cell] of expected) {
        expect({ key, ...got.get(key) }).toMatchObject({ key, ...viewOf(cell) });
      }
    },
  );

  it('the liability at the end of each day is the sum of the ledger up to then', async () => {
    const report = await service().liability({ from: first(), to: last() });
    expect(report.time_zone).toBe(zone);
    expect(report.rows.length).toBeGreaterThanOrEqual(4);
    for (const row of report.rows) {
      const want = expectedLiability(snapshot, zone, row.date);
      expect(row).toMatchObject({
        total: formatMoney(want.total),
        bonus: formatMoney(want.bonus),
        cash: formatMoney(want.total - want.bonus),
      });
    }
  });
});
