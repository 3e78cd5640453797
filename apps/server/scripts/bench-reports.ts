// The reports on a real casino's ledger: `npm run bench:reports -w apps/server`.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres (required: PostgreSQL only)
//   BENCH_ROWS (default 10,000,000) ledger rows; BENCH_KEEP=1 keeps the scratch database.
//   BENCH_REPORTS_ONLY=<database name kept by BENCH_KEEP=1>: migrate it and time the reports
//   alone (no load, no job, no postings).
//
// Loads a year of ledger rows (bench-reports-data.ts), times the reports job catching up from
// nothing and following 20,000 new rows, then every report over the year a page at a time
// (bench-reports-pages.ts: first and last page, median of 5 after a warm-up, the goal is
// < 200 ms each; the slowest page of a walk through all; the indexes of the plan), the
// liability, the whole CSV of a year of per-game days, and the posting throughput of
// ledger.postBet with the job running beside it and without.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { reportGroupings, reportPageSize, reportPeriods } from '@casino/contracts';
import { openPostgres } from '../src/db/postgres-connection';
import { createReportsJob } from '../src/features/reports/reports-job';
import { createReportsService } from '../src/features/reports/reports-service';
import { timePages } from './bench-reports-pages';
import { createLedger } from '../src/features/wallet/ledger';
import { systemClock } from '../src/lib/clock';
import { createScratchDatabase, quantiles } from './bench-support';
import {
  benchYear,
  defaultShape,
  loadLedgerChunk,
  loadPaidWithdrawals,
  loadPlayers,
} from './bench-reports-data';

const adminUrl = process.env.BENCH_DATABASE_URL;
const shape = { ...defaultShape, rows: Number(process.env.BENCH_ROWS ?? defaultShape.rows) };
const chunk = 500_000;
const logger = pino({ level: 'silent' });

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

async function timeIt(op: () => Promise<unknown>, runs = 5): Promise<number> {
  await op();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await op();
    times.push(performance.now() - started);
  }
  return quantiles(times)(0.5);
}

async function main() {
  if (!adminUrl) {
    process.stderr.write('bench:reports needs BENCH_DATABASE_URL (PostgreSQL)\n');
    process.exit(2);
  }
  if (process.env.BENCH_REPORTS_ONLY) return reportsOnly(adminUrl, process.env.BENCH_REPORTS_ONLY);
  const scratch = await createScratchDatabase(adminUrl, 'casino_bench_reports');
  const db = openPostgres({ url: scratch.url, max: 12 });
  const client = new pg.Client({ connectionString: scratch.url });
  try {
    await db.migrate();
    await client.connect();
    const loadStarted = performance.now();
    // Loading only: no NOTIFY per row, no foreign-key triggers (the rows are made consistent).
    await client.query(`set session_replication_role = replica`);
    await loadPlayers(client, shape);
    // The secondary indexes are built once after the load (faster than row by row).
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(`
      select indexname as name, indexdef as definition from pg_indexes
      where tablename = 'ledger_entries' and indexname <> 'ledger_entries_pkey'`);
    for (const index of indexes) await client.query(`drop index ${index.name}`);
    for (let first = 1; first <= shape.rows; first += chunk) {
      await loadLedgerChunk(client, shape, first, Math.min(shape.rows, first + chunk - 1));
      process.stdout.write(`\rloaded ${Math.min(shape.rows, first + chunk - 1)} rows`);
    }
    for (const index of indexes) await client.query(index.definition);
    await loadPaidWithdrawals(client, shape);
    await client.query(`set session_replication_role = origin`);
    await client.query(
      `select setval('ledger_entries_id_seq', (select max(id) from ledger_entries))`,
    );
    await client.query('vacuum analyze');
    process.stdout.write(`\rloaded ${shape.rows} ledger rows in ${seconds(loadStarted)} s\n`);

    const job = createReportsJob({ db, clock: systemClock, logger, timeZone: 'UTC' });
    const catchUp = performance.now();
    const first = await job.runOnce({ maxBatches: Number.MAX_SAFE_INTEGER });
    const catchUpMs = performance.now() - catchUp;
    await client.query('vacuum analyze');
    const sizes = await client.query<{ t: string; n: string }>(`
      select 'report_daily' as t, count(*)::text as n from report_daily
      union all select 'report_active_players', count(*)::text from report_active_players
      union all select 'report_active_counts', count(*)::text from report_active_counts`);

    // Following the ledger: 20,000 new rows, then one run.
    const before = BigInt(first.watermark);
    await client.query(`set session_replication_role = replica`);
    await loadLedgerChunk(client, shape, Number(before) + 1, Number(before) + 20_000);
    await client.query(`set session_replication_role = origin`);
    await client.query(
      `select setval('ledger_entries_id_seq', (select max(id) from ledger_entries))`,
    );
    const follow = performance.now();
    const next = await job.runOnce();
    const followMs = performance.now() - follow;

    const service = createReportsService({ db, timeZone: 'UTC' });
    const reportRows = await timeReports(db, service);
    const liabilityMs = await timeIt(() =>
      service.liability({ from: benchYear.from, to: benchYear.to }),
    );
    const others = [`| liability, each day of the year | 365 | ${liabilityMs.toFixed(0)} |`];
    let csvBytes = 0;
    const csvMs = await timeIt(async () => {
      csvBytes = 0;
      for await (const part of service.summaryCsv({ ...benchYear, period: 'day', by: 'game' })) {
        csvBytes += part.length;
      }
    }, 1);
    others.push(
      `| CSV period=day by=game, whole (${(csvBytes / 1e6).toFixed(1)} MB) | — | ${csvMs.toFixed(0)} |`,
    );

    const postings = await postingThroughput(db, job);

    const out = [
      `bench:reports on PostgreSQL, ${shape.rows.toLocaleString('en')} ledger rows, ${shape.players} players, ${shape.games} games, ${shape.paidWithdrawals} withdrawals in payments`,
      '',
      `| job | ids | ms | rows/s |`,
      `|---|---|---|---|`,
      `| catch up from nothing (${first.batches} batches) | ${first.ids} | ${catchUpMs.toFixed(0)} | ${Math.round(Number(first.ids) / (catchUpMs / 1000))} |`,
      `| follow 20,000 new rows (${next.batches} batch) | ${next.ids} | ${followMs.toFixed(0)} | ${Math.round(Number(next.ids) / (followMs / 1000))} |`,
      '',
      `summary tables: ${sizes.rows.map((r) => `${r.t} ${r.n}`).join(', ')}`,
      '',
      ...reportRows,
      '',
      `| other reads | rows | median ms |`,
      `|---|---|---|`,
      ...others,
      '',
      `load average at the end: ${loadAverage()}`,
      '',
      `| ledger.postBet, 10 loops, 5 s | postings/s |`,
      `|---|---|`,
      `| without the job | ${postings.without.toFixed(0)} |`,
      `| with the job running every 200 ms | ${postings.with.toFixed(0)} (${(((postings.with - postings.without) / postings.without) * 100).toFixed(1)} %) |`,
    ];
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    await client.end().catch(() => undefined);
    await db.close();
    if (process.env.BENCH_KEEP === '1') process.stdout.write(`kept ${scratch.name}\n`);
    else await scratch.drop();
  }
}

/** Each summary report over the year a page at a time, as the lines of a table. */
async function timeReports(
  db: ReturnType<typeof openPostgres>,
  service: ReturnType<typeof createReportsService>,
): Promise<string[]> {
  const lines = [
    `load average at the reports: ${loadAverage()}`,
    '',
    `| report over ${benchYear.from}..${benchYear.to} (pages of ${reportPageSize}) | rows | pages | first page, median ms | last page, median ms | slowest page ms | index (EXPLAIN) |`,
    `|---|---|---|---|---|---|---|`,
  ];
  for (const period of reportPeriods) {
    for (const by of reportGroupings) {
      const t = await timePages(db, service, period, by);
      lines.push(
        `| summary period=${period} by=${by} | ${t.rows} | ${t.pages} | ${t.firstMs.toFixed(0)} | ${t.lastMs.toFixed(0)} | ${t.slowestMs.toFixed(0)} | ${t.indexes} |`,
      );
    }
  }
  lines.push('', `load average after the reports: ${loadAverage()}`);
  return lines;
}

/** BENCH_REPORTS_ONLY: the reports of a kept bench database, migrated to this branch. */
async function reportsOnly(adminUrl: string, name: string): Promise<void> {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = openPostgres({ url: url.toString(), max: 4 });
  try {
    await db.migrate();
    await db.execute(sql`vacuum analyze report_daily`);
    const service = createReportsService({ db, timeZone: 'UTC' });
    process.stdout.write(`${(await timeReports(db, service)).join('\n')}\n`);
  } finally {
    await db.close();
  }
}

/** ledger.postBet on 100 players from 10 loops for 5 s, without and with the job following. */
async function postingThroughput(
  db: ReturnType<typeof openPostgres>,
  job: ReturnType<typeof createReportsJob>,
): Promise<{ without: number; with: number }> {
  const ledger = createLedger({ db, clock: systemClock });
  const { rows } = await db.$client.query<{ id: string }>(
    `select user_id::text as id from wallets limit 100`,
  );
  const players = rows.map((r) => r.id);
  for (const userId of players) {
    await ledger.postAdjustment({
      userId,
      amount: 1_000_000_000n,
      reason: 'bench funds',
      idempotencyKey: `bench-funds-${userId}`,
      actor: 'bench',
    });
  }
  let seq = 0;
  const measure = async () => {
    let count = 0;
    const deadline = performance.now() + 5_000;
    await Promise.all(
      Array.from({ length: 10 }, async (_, loop) => {
        while (performance.now() < deadline) {
          seq += 1;
          await ledger.postBet({
            userId: players[(seq * 7 + loop) % players.length] as string,
            provider: 'endorphina',
            txId: `bench-bet-${seq}-${loop}`,
            amount: 10n,
            currency: 'USD',
            gameId: 'game-1',
          });
          count += 1;
        }
      }),
    );
    return count / 5;
  };
  const without = await measure();
  let following = true;
  const follower = (async () => {
    while (following) {
      await job.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  const withJob = await measure();
  following = false;
  await follower;
  return { without, with: withJob };
}

await main();
