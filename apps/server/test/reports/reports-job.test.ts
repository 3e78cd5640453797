import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReportsJob } from '../../src/features/reports/reports-job';
import { createReportsService } from '../../src/features/reports/reports-service';
import { createLedger, type Ledger } from '../../src/features/wallet/ledger';
import { parseMoney } from '../../src/features/wallet/money';
import { fixedClock } from '../../src/lib/clock';
import { playRandomly } from '../helpers/report-play';
import { createTestDb, testDatabaseDriver, type TestDatabase } from '../helpers/test-database';
import { createFundedUser, txId } from '../helpers/wallets';
import { expectedReport, readLedger } from './expected-reports';

// Decision 076: the job never double counts, resumes after a stop anywhere, and never skips a
// posting that commits after a higher id.
const logger = pino({ level: 'silent' });
let test: TestDatabase;
let ledger: Ledger;
const clock = fixedClock(new Date('2026-06-30T22:30:00Z'));

beforeEach(async () => {
  test = await createTestDb();
  ledger = createLedger({ db: test.db, clock });
});

afterEach(async () => {
  await test.destroy();
});

async function dayTotals(zone = 'UTC') {
  const service = createReportsService({ db: test.db, timeZone: zone });
  const report = await service.summary({
    from: '2026-06-29',
    to: '2026-07-03',
    period: 'day',
    by: 'all',
  });
  return report.rows;
}

async function expectedTotals() {
  const cells = expectedReport(await readLedger(test.db), 'UTC', 'day', 'all');
  return [...cells.values()].map((c) => ({
    period_start: c.period_start,
    stakes: c.stakes,
    rounds: c.rounds,
    active_players: c.players.size,
    first_deposits_count: c.first_deposits_count,
  }));
}

function pick(rows: Awaited<ReturnType<typeof dayTotals>>) {
  return rows.map((r) => ({
    period_start: r.period_start,
    stakes: parseMoney(r.stakes),
    rounds: r.rounds,
    active_players: r.active_players,
    first_deposits_count: r.first_deposits_count,
  }));
}

describe('the reports job', () => {
  it('stopped in the middle of a batch, counts nothing of it; restarted, catches up exactly once', async () => {
    await playRandomly({
      db: test.db,
      ledger,
      clock,
      seed: 76,
      players: 6,
      steps: 300,
      maxMinutesPerStep: 3,
    });
    let batches = 0;
    const crashing = createReportsJob({
      db: test.db,
      clock,
      logger,
      timeZone: 'UTC',
      batchSize: 25,
      duringBatch: () => {
        batches += 1;
        if (batches === 4) throw new Error('killed half-way through batch 4');
      },
    });
    await expect(crashing.runOnce({ maxBatches: 1_000 })).rejects.toThrow('batch 4');
    const { rows } = await test.db.execute<{ watermark: string }>(
      sql`select watermark::text from report_job_state`,
    );
    // Three batches committed, the fourth rolled back with its summaries.
    expect(rows[0]?.watermark).toBe('75');
    const { rows: partial } = await test.db.execute<{ bets: string }>(sql`
      select coalesce(sum(bets), 0)::text as bets from report_daily where dimension = 'all'`);
    const { rows: ledgerBets } = await test.db.execute<{ bets: string }>(sql`
      select count(*)::text as bets from ledger_entries where kind = 'bet' and id <= 75`);
    expect(partial[0]?.bets).toBe(ledgerBets[0]?.bets);

    // A new process: a job of its own, from the watermark.
    const restarted = createReportsJob({
      db: test.db,
      clock,
      logger,
      timeZone: 'UTC',
      batchSize: 25,
    });
    const run = await restarted.runOnce({ maxBatches: 1_000 });
    expect(run.rebuilt).toBe(false);
    expect(pick(await dayTotals())).toEqual(await expectedTotals());

    // Running again adds nothing.
    const again = await restarted.runOnce({ maxBatches: 1_000 });
    expect(again.ids).toBe(0n);
    expect(pick(await dayTotals())).toEqual(await expectedTotals());
  }, 60_000);

  it('two jobs at once (two instances) count every row once', async () => {
    await playRandomly({
      db: test.db,
      ledger,
      clock,
      seed: 77,
      players: 5,
      steps: 200,
      maxMinutesPerStep: 5,
    });
    const job = () =>
      createReportsJob({ db: test.db, clock, logger, timeZone: 'UTC', batchSize: 10 });
    await Promise.all([job().runOnce({ maxBatches: 1_000 }), job().runOnce({ maxBatches: 1_000 })]);
    expect(pick(await dayTotals())).toEqual(await expectedTotals());
  }, 60_000);

  it.runIf(testDatabaseDriver() === 'postgres')(
    'does not pass a posting that commits after a higher id, then counts it once',
    async () => {
      const userId = await createFundedUser(test.db, ledger, 100_000n);
      const job = createReportsJob({
        db: test.db,
        clock,
        logger,
        timeZone: 'UTC',
        horizonWaitMs: 200,
      });
      await job.runOnce();
      // A writer that drew its id and has not committed yet (a posting in flight).
      const slow = new pg.Client({ connectionString: test.url });
      await slow.connect();
      try {
        await slow.query('begin');
        const inserted = await slow.query<{ id: string }>(
          `insert into ledger_entries (user_id, kind, status, amount, balance_before, balance_after,
             currency, provider, operation, provider_tx_id, reason, actor, request, created_at)
           values ($1, 'adjustment', 'applied', 5000, 0, 5000, 'USD', 'operator', 'adjustment', $2,
             'in flight', 'test', '{}'::jsonb, $3) returning id::text`,
          [userId, randomUUID(), clock.now()],
        );
        // Meanwhile a bet draws a higher id and commits.
        const bet = await ledger.postBet({
          userId,
          provider: 'endorphina',
          txId: txId('bet'),
          amount: 1_000n,
          currency: 'USD',
          gameId: 'g1',
        });
        expect(BigInt(bet.transactionId)).toBeGreaterThan(BigInt(inserted.rows[0]!.id));

        const held = await job.runOnce();
        expect(held.horizonReached).toBe(false);
        expect(held.watermark).toBeLessThan(BigInt(inserted.rows[0]!.id));
        await slow.query('commit');
      } finally {
        await slow.end();
      }
      const after = await job.runOnce();
      expect(after.horizonReached).toBe(true);
      const rows = await dayTotals();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ stakes: '1.00', rounds: 1, operator_adjustments: '105.00' });
    },
    30_000,
  );
});
