// Ledger throughput on ONE hot player: `npm run bench:ledger -w apps/server`.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres  → a scratch PostgreSQL
//   database is created, migrated, measured and dropped (the user must be allowed to create
//   databases); unset → PGlite in memory (one connection, so concurrency means queueing).
//   BENCH_SECONDS (default 5) per row, BENCH_CONCURRENCY (default 10).
//
// Rows: the bare conditional UPDATE (no ledger at all: the ceiling), the posting's own SQL
// statement sent on the bare driver (what the ledger costs in SQL), and ledger.postBet
// (validation, Drizzle, result mapping). The target is postBet ≥ 60 % of the raw posting,
// p99 ≤ 10 ms at concurrency 10, ≥ 1,000 postings/s on PostgreSQL.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DatabaseConnection } from '../src/db/database';
import { openPglite } from '../src/db/pglite-connection';
import { openPostgres } from '../src/db/postgres-connection';
import { createLedger } from '../src/features/wallet/ledger';
import { movementStatement } from '../src/features/wallet/ledger-statements';
import { systemClock } from '../src/lib/clock';
import { createWalletUser } from '../test/helpers/wallets';
import { quantiles } from './bench-support';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);
const adminUrl = process.env.BENCH_DATABASE_URL;

interface Row {
  name: string;
  count: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/** Runs `op` from `concurrency` loops for `seconds`; latencies in ms. */
async function measure(name: string, op: (i: number) => Promise<unknown>): Promise<Row> {
  const latencies: number[] = [];
  let next = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const i = next++;
        const t0 = performance.now();
        await op(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const at = quantiles(latencies);
  return {
    name,
    count: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
  };
}

async function main() {
  const run = randomBytes(4).toString('hex');
  let db: DatabaseConnection;
  /** `name`: send it as a named prepared statement (pg only), as the ledger does. */
  let raw: (text: string, values: unknown[], name?: string) => Promise<unknown>;
  let cleanup: () => Promise<void>;
  let where: string;
  if (adminUrl) {
    const name = `casino_bench_${run}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const pgDb = openPostgres({ url: url.toString(), max: concurrency + 2 });
    db = pgDb;
    raw = (text, values, name) => pgDb.$client.query({ text, values, ...(name ? { name } : {}) });
    where = `PostgreSQL ${url.host}`;
    cleanup = async () => {
      await pgDb.close();
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    };
  } else {
    const lite = await openPglite();
    db = lite;
    raw = (text, values) => lite.$client.query(text, values);
    where = 'PGlite (in memory, one connection)';
    cleanup = () => lite.close();
  }
  try {
    await db.migrate();
    const userId = await createWalletUser(db);
    const ledger = createLedger({ db, clock: systemClock });
    await ledger.postAdjustment({
      userId,
      amount: 1_000_000_000_000n,
      reason: 'bench funds',
      idempotencyKey: `bench-${run}`,
      actor: 'bench',
    });

    const rows: Row[] = [];
    rows.push(
      await measure('bare conditional UPDATE (no ledger)', (i) =>
        raw(
          'update wallets set balance = balance - $1 where user_id = $2 and balance >= $1 returning balance',
          [String(1 + (i % 7)), userId],
        ),
      ),
    );
    // The very statement postBet sends (same text, same parameters, named on PostgreSQL as
    // db/named-statement.ts sends it), on the bare driver: what the posting costs in SQL,
    // without validation, Drizzle or result mapping.
    const dialect = new PgDialect();
    rows.push(
      await measure('the same posting statement on the bare driver', (i) => {
        const query = dialect.sqlToQuery(
          movementStatement({
            kind: 'bet',
            userId,
            delta: -BigInt(1 + (i % 7)),
            currency: 'USD',
            provider: 'bench-raw',
            operation: 'bet',
            txId: `raw-${run}-${i}`,
            betTxId: `raw-${run}-${i}`,
            gameId: 'bench-game',
            roundId: String(i),
            reason: null,
            actor: null,
            request: '{}',
            meta: null,
            now: new Date(),
            checkTombstone: true,
          }),
        );
        return raw(query.sql, query.params, 'bench_raw_posting');
      }),
    );
    rows.push(
      await measure('ledger.postBet', (i) =>
        ledger.postBet({
          userId,
          amount: BigInt(1 + (i % 7)),
          currency: 'USD',
          provider: 'bench',
          txId: `bet-${run}-${i}`,
          gameId: 'bench-game',
          roundId: String(i),
        }),
      ),
    );
    rows.push(
      await measure('ledger.postBet replayed (same ids again)', (i) =>
        ledger.postBet({
          userId,
          amount: BigInt(1 + ((i % 1000) % 7)),
          currency: 'USD',
          provider: 'bench',
          txId: `bet-${run}-${i % 1000}`,
          gameId: 'bench-game',
          roundId: String(i % 1000),
        }),
      ),
    );

    const rawPosting = rows[1]?.perSecond ?? 1;
    process.stdout.write(
      `Ledger on one hot player: ${where}, concurrency ${concurrency}, ${seconds} s per row\n\n`,
    );
    process.stdout.write(
      '| operation | postings | per second | vs raw posting | p50 ms | p99 ms |\n',
    );
    process.stdout.write('|---|---:|---:|---:|---:|---:|\n');
    for (const r of rows) {
      process.stdout.write(
        `| ${r.name} | ${r.count} | ${r.perSecond.toFixed(0)} | ` +
          `${((100 * r.perSecond) / rawPosting).toFixed(0)} % | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} |\n`,
      );
    }
  } finally {
    await cleanup();
  }
}

await main();
