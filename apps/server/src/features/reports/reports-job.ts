import { sql } from 'drizzle-orm';
import type { Database, DatabaseControl } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { createPeriodicJob } from '../../lib/periodic-job';
import { ledgerHorizon } from './ledger-horizon';
import {
  deletePaidFrom,
  recordActivePlayers,
  recordFirstDeposits,
  refreshPaidWithdrawals,
  summariseBatch,
} from './summary-statements';

/**
 * The reports job (decision 076): reads the ledger after its watermark, adds each batch to the
 * summaries and moves the watermark in ONE transaction, so a batch counts once or not at all
 * and a job stopped anywhere resumes where the last commit left it. It never writes to the
 * ledger nor runs inside a posting: postings do not wait for it.
 */
export interface ReportsJobOptions {
  db: Database & Partial<Pick<DatabaseControl, 'withClusterLock'>>;
  clock: Clock;
  logger: Logger;
  /** REPORTS_TIME_ZONE: the summaries' days; a change rebuilds them. */
  timeZone: string;
  /** Ledger ids per transaction; default 20,000. */
  batchSize?: number;
  /** Batches per run at most, so one run does not hold the (PGlite) connection for long. */
  maxBatchesPerRun?: number;
  /** How long a run waits for postings in flight to end (ledger-horizon.ts); default 2 s. */
  horizonWaitMs?: number;
  intervalMs?: number;
  firstDelayMs?: number;
  /**
   * Called inside each batch's transaction after its statements, before the watermark moves:
   * the crash test throws here to stop the job half-way through a batch.
   */
  duringBatch?: (batch: { after: bigint; through: bigint }) => Promise<void> | void;
}

export interface ReportsRun {
  /** Batches committed. */
  batches: number;
  /** Ledger ids summarised: watermark after minus before. */
  ids: bigint;
  watermark: bigint;
  /** Whether the summaries were emptied for a new zone first. */
  rebuilt: boolean;
  /** False when postings in flight kept the horizon back this run. */
  horizonReached: boolean;
}

export interface ReportsJob {
  runOnce(options?: { maxBatches?: number }): Promise<ReportsRun>;
  start(): void;
  stop(): Promise<void>;
}

const stateName = 'ledger';

type StateRow = {
  watermark: string;
  time_zone: string;
};

export function createReportsJob(options: ReportsJobOptions): ReportsJob {
  const { db, timeZone } = options;
  const batchSize = BigInt(options.batchSize ?? 20_000);

  /** The state row, created or reset for this zone; locked until the caller's commit. */
  async function lockState(tx: Database): Promise<{ watermark: bigint; rebuilt: boolean }> {
    await tx.execute(sql`
      insert into report_job_state (name, time_zone, watermark, updated_at)
      values (${stateName}, ${timeZone}, 0, ${options.clock.now()})
      on conflict (name) do nothing`);
    const { rows } = await tx.execute<StateRow>(sql`
      select watermark::text as watermark, time_zone from report_job_state
      where name = ${stateName} for update`);
    const row = rows[0];
    if (!row) throw new Error('report_job_state: the row just ensured is missing');
    if (row.time_zone === timeZone) return { watermark: BigInt(row.watermark), rebuilt: false };
    // Another zone's days cannot be turned into this zone's: start again from the ledger.
    await tx.execute(sql`delete from report_daily`);
    await tx.execute(sql`delete from report_active_players`);
    await tx.execute(sql`delete from report_active_counts`);
    await tx.execute(sql`delete from report_depositors`);
    await tx.execute(sql`delete from report_paid_daily`);
    await tx.execute(sql`
      update report_job_state set time_zone = ${timeZone}, watermark = 0, watermark_at = null,
        updated_at = ${options.clock.now()}
      where name = ${stateName}`);
    options.logger.info({ timeZone, was: row.time_zone }, 'reports: rebuilding for a new zone');
    return { watermark: 0n, rebuilt: true };
  }

  /** One batch up to `horizon`; undefined when there was nothing to do. */
  async function runBatch(horizon: bigint) {
    return db.transaction(async (tx) => {
      const state = await lockState(tx);
      const after = state.watermark;
      const through = horizon < after + batchSize ? horizon : after + batchSize;
      if (through <= after) return { after, through: after, rebuilt: state.rebuilt };
      // Compiling these statements (JIT) costs more than running them on a batch.
      await tx.execute(sql`set local jit = off`);
      await tx.execute(recordFirstDeposits(after, through));
      await tx.execute(summariseBatch(timeZone, after, through));
      await tx.execute(recordActivePlayers(timeZone, after, through));
      await options.duringBatch?.({ after, through });
      await tx.execute(sql`
        update report_job_state set watermark = ${through},
          watermark_at = coalesce((select created_at from ledger_entries
            where id <= ${through} order by id desc limit 1), watermark_at),
          updated_at = ${options.clock.now()}
        where name = ${stateName}`);
      return { after, through, rebuilt: state.rebuilt };
    });
  }

  /**
   * The withdrawals paid of the last two local days (all days after a rebuild or on the
   * first run): a payment turns `paid` with its `updated_at` the moment of that change, so an
   * older day can no longer gain one.
   */
  async function refreshPaid(all: boolean): Promise<void> {
    await db.transaction(async (tx) => {
      // Serialised with the batches and another instance's refresh by the state row's lock.
      await lockState(tx);
      await tx.execute(sql`set local jit = off`);
      const { rows } = await tx.execute<{ since: string; empty: boolean }>(sql`
        select ((${options.clock.now()}::timestamptz at time zone ${timeZone})::date - 2)::text
            as since,
          not exists (select 1 from report_paid_daily) as empty`);
      const row = rows[0];
      const since = all || !row || row.empty ? null : row.since;
      await tx.execute(deletePaidFrom(since));
      await tx.execute(refreshPaidWithdrawals(timeZone, since));
    });
  }

  async function runOnce(run: { maxBatches?: number } = {}): Promise<ReportsRun> {
    const maxBatches = run.maxBatches ?? options.maxBatchesPerRun ?? 50;
    const horizon = await ledgerHorizon(db, {
      waitMs: options.horizonWaitMs ?? 2_000,
      pollMs: 10,
    });
    let batches = 0;
    let ids = 0n;
    let rebuilt = false;
    let watermark: bigint;
    // Without a horizon this run still creates or resets the state (a zone change), moving 0.
    const limit = horizon ?? -1n;
    for (;;) {
      const batch = await runBatch(limit < 0n ? 0n : limit);
      rebuilt ||= batch.rebuilt;
      watermark = batch.through;
      if (batch.through <= batch.after) break;
      batches += 1;
      ids += batch.through - batch.after;
      if (batches >= maxBatches) break;
    }
    await refreshPaid(rebuilt);
    return { batches, ids, watermark, rebuilt, horizonReached: horizon !== undefined };
  }

  const job = createPeriodicJob({
    name: 'reports-summaries',
    run: async () => {
      const result = await runOnce();
      if (!result.horizonReached) {
        options.logger.warn('reports: postings in flight held the horizon back; next run');
      }
    },
    withClusterLock: options.db.withClusterLock?.bind(options.db),
    intervalMs: options.intervalMs ?? 5_000,
    firstDelayMs: options.firstDelayMs ?? 2_000,
    onError: (err) => options.logger.error({ err }, 'reports: summary run failed'),
  });

  return { runOnce, start: job.start, stop: job.stop };
}
