// The load side of `npm run bench:wallet` (bench-wallet.ts): closed-loop sampling, the
// signed Pragmatic client, the seeded players, and the fixed SQL baseline that does not move
// with the ledger's code (issue 26).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseConnection } from '../src/db/database';
import { games, users, wallets } from '../src/db/schema';
import { createLaunchRepository } from '../src/features/game-sessions/launch-repository';
import { newLaunchToken } from '../src/features/game-sessions/launch-token';
import { foldSearchText } from '../src/features/games/search-text';
import { pragmaticHash } from '../src/features/providers/pragmatic/signature';
import { createLedger } from '../src/features/wallet/ledger';
import { systemClock } from '../src/lib/clock';
import { quantiles } from './bench-support';

export interface Sample {
  /** Every call's latency, ms. */
  latencies: number[];
  pairs: number;
  errors: number;
  seconds: number;
}

export interface Result {
  calls: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/** One pair of calls (a debit then a credit); pushes each call's latency, answers failures. */
export type PairSender = (i: number, latencies: number[]) => Promise<number>;

/** `concurrency` clients in a closed loop for `durationS` seconds. */
export async function sample(
  concurrency: number,
  durationS: number,
  send: PairSender,
): Promise<Sample> {
  const latencies: number[] = [];
  let pairs = 0;
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const end = started + durationS * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        errors += await send(next++, latencies);
        pairs++;
      }
    }),
  );
  return { latencies, pairs, errors, seconds: (performance.now() - started) / 1000 };
}

/** Exactly `count` pairs, numbered 0 to count − 1 (so each of `count` players gets one). */
export async function pairs(concurrency: number, count: number, send: PairSender): Promise<void> {
  let next = 0;
  const ignored: number[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await send(next++, ignored);
    }),
  );
}

export function summary(samples: Sample[]): Result {
  const latencies = samples.flatMap((s) => s.latencies);
  const pct = quantiles(latencies);
  const elapsed = samples.reduce((sum, s) => sum + s.seconds, 0);
  return {
    calls: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: pct(0.5),
    p99: pct(0.99),
    errors: samples.reduce((sum, s) => sum + s.errors, 0),
  };
}

export const providerId = 'PragmaticPlay';

/** A signed Pragmatic Seamless Wallet client over keep-alive sockets. */
export function pragmaticClient(base: URL, agent: http.Agent, key: string) {
  return (
    method: string,
    params: Record<string, string>,
  ): Promise<{ ok: boolean; error?: number }> => {
    const signed = { ...params, providerId };
    const payload = new URLSearchParams({ ...signed, hash: pragmaticHash(signed, key) }).toString();
    return new Promise((resolve) => {
      const req = http.request(
        {
          host: base.hostname,
          port: base.port,
          path: `/api/pragmatic/wallet/${method}.html`,
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': Buffer.byteLength(payload),
            accept: 'application/json',
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            try {
              const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { error?: number };
              resolve({ ok: res.statusCode === 200 && json.error === 0, error: json.error });
            } catch {
              resolve({ ok: false });
            }
          });
        },
      );
      req.on('error', () => resolve({ ok: false }));
      req.end(payload);
    });
  };
}

export type PragmaticClient = ReturnType<typeof pragmaticClient>;

/** Players with wallets funded through the ledger, each with a live launch of the game. */
export async function seedPlayers(
  db: DatabaseConnection,
  count: number,
  gameSymbol: string,
): Promise<string[]> {
  const now = new Date();
  const [game] = await db
    .insert(games)
    .values({
      provider: 'pragmatic',
      providerGameId: gameSymbol,
      name: 'Bench Wallet',
      searchText: foldSearchText('Bench Wallet'),
      image: 'https://cdn.example.test/bench.svg',
      category: 'slots',
      hasDemo: false,
      hasReal: true,
      syncedAt: now,
    })
    .returning({ id: games.id });
  const ids = Array.from({ length: count }, () => randomUUID());
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500);
    await db.insert(users).values(
      chunk.map((id) => ({
        id,
        username: `bench_${id.slice(0, 8)}_${id.slice(9, 13)}`,
        email: `bench_${id}@example.test`,
        passwordHash: 'not-a-real-hash',
        createdAt: now,
        updatedAt: now,
      })),
    );
    await db
      .insert(wallets)
      .values(chunk.map((userId) => ({ userId, currency: 'USD', createdAt: now, updatedAt: now })));
  }
  const ledger = createLedger({ db, clock: systemClock });
  const launches = createLaunchRepository(db);
  const expiresAt = new Date(now.getTime() + 4 * 3600_000);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < ids.length) {
        const userId = ids[next++]!;
        await ledger.postAdjustment({
          userId,
          amount: 100_000_000n, // 100,000.00 USD: no bet of the run meets insufficient funds
          reason: 'bench funds',
          idempotencyKey: `bench-fund-${userId}`,
          actor: 'bench:wallet',
        });
        await launches.recordLaunch({
          tokenHash: newLaunchToken().hash,
          userId,
          gameId: game!.id,
          provider: 'pragmatic',
          currency: 'USD',
          sessionId: null,
          createdAt: now,
          expiresAt,
        });
      }
    }),
  );
  if (oldLaunches > 0) await seedOldLaunches(db, ids, game!.id, now);
  return ids;
}

/**
 * BENCH_OLD_LAUNCHES (0): launches each player made before, long expired but still kept (the
 * housekeeping keeps a launch token 7 days past its end), as a player who opens many games
 * has them. A bet's live-launch condition must not read them all.
 */
const oldLaunches = Number(process.env.BENCH_OLD_LAUNCHES ?? 0);
// A mistyped value would otherwise seed nothing and the run would look like one with history.
if (!Number.isSafeInteger(oldLaunches) || oldLaunches < 0) {
  throw new Error(
    `BENCH_OLD_LAUNCHES must be a whole number of launches, 0 or more (got "${process.env.BENCH_OLD_LAUNCHES}")`,
  );
}

async function seedOldLaunches(
  db: DatabaseConnection,
  userIds: readonly string[],
  gameId: string,
  now: Date,
) {
  for (let start = 0; start < userIds.length; start += 100) {
    const ids = userIds.slice(start, start + 100);
    await db.execute(sql`insert into launch_tokens (token_hash, user_id, game_id, provider,
      currency, created_at, expires_at)
      select md5(u::text || n::text), u, ${gameId}::uuid, 'pragmatic', 'USD',
        ${now.toISOString()}::timestamptz - make_interval(hours => n),
        ${now.toISOString()}::timestamptz - make_interval(hours => n) + interval '30 minutes'
      from unnest(${`{${ids.join(',')}}`}::uuid[]) u, generate_series(1, ${oldLaunches}) n`);
  }
}

/**
 * Responsible-gaming settings for every player (BENCH_RG=on): a session time limit of 24 hours
 * and loss and wager limits per day, week and month of 1,000,000.00, so every bet is judged
 * against all of them (rg_bet_judge) and none is refused. `pastHours` (BENCH_RG_HOURS): that
 * many hours of play before this one per player, as a player who plays every hour has them
 * (10 bets of 1.00 and 60 seconds of play an hour, far under every limit).
 */
export async function seedLimits(
  db: DatabaseConnection,
  userIds: readonly string[],
  pastHours = 0,
) {
  const now = new Date().toISOString();
  if (pastHours > 0) {
    for (let start = 0; start < userIds.length; start += 100) {
      const ids = userIds.slice(start, start + 100);
      await db.execute(sql`insert into rg_hourly (user_id, hour, wagered, cash_loss, bets,
          play_seconds, last_bet_at, last_round_id)
        select u, date_trunc('hour', ${now}::timestamptz, 'UTC') - make_interval(hours => n),
          10000, 1000, 10, 60,
          date_trunc('hour', ${now}::timestamptz, 'UTC') - make_interval(hours => n), 'seeded'
        from unnest(${`{${ids.join(',')}}`}::uuid[]) u, generate_series(1, ${pastHours}) n`);
    }
  }
  for (let start = 0; start < userIds.length; start += 500) {
    const ids = userIds.slice(start, start + 500);
    await db.execute(sql`insert into rg_players (user_id, session_limit_minutes, created_at,
      updated_at) select u, 1440, ${now}::timestamptz, ${now}::timestamptz
      from unnest(${`{${ids.join(',')}}`}::uuid[]) u`);
    await db.execute(sql`insert into rg_limits (user_id, kind, period, amount, set_by, updated_at)
      select u, k, p, 1000000000000, 'player', ${now}::timestamptz
      from unnest(${`{${ids.join(',')}}`}::uuid[]) u, unnest(array['loss', 'wager']) k,
        unnest(array['day', 'week', 'month']) p`);
  }
}

/**
 * The fixed baseline (issue 26): the least SQL a debit and a credit can be, on tables of its
 * own, so it never moves with the ledger's code. Per call, one transaction: BEGIN; `UPDATE …
 * SET balance = balance ∓ $1 WHERE id = $2 [AND balance >= $1] RETURNING balance`; one INSERT
 * into its own ledger table; COMMIT. `players` wallets, each funded like the bench's players.
 */
export async function createBaseline(url: string, players: number) {
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  try {
    await setup.query(`create table baseline_wallets (id integer primary key,
      balance bigint not null check (balance >= 0))`);
    await setup.query(`create table baseline_ledger (
      id bigint generated always as identity primary key, wallet_id integer not null,
      amount bigint not null, balance_after bigint not null,
      created_at timestamptz not null default now())`);
    await setup.query(
      `insert into baseline_wallets select g, 100000000 from generate_series(0, $1::int) g`,
      [players],
    );
  } finally {
    await setup.end();
  }
  const debit = `update baseline_wallets set balance = balance - $1 where id = $2
    and balance >= $1 returning balance`;
  const credit = `update baseline_wallets set balance = balance + $1 where id = $2
    returning balance`;
  const entry = `insert into baseline_ledger (wallet_id, amount, balance_after) values ($1, $2, $3)`;
  /** One call: a transaction of the UPDATE and the INSERT; false when the debit found no funds. */
  async function call(pool: pg.Pool, walletId: number, delta: bigint): Promise<boolean> {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const magnitude = (delta < 0n ? -delta : delta).toString();
      const moved = await client.query<{ balance: string }>({
        name: delta < 0n ? 'baseline_debit' : 'baseline_credit',
        text: delta < 0n ? debit : credit,
        values: [magnitude, walletId],
      });
      const row = moved.rows[0];
      if (row) {
        await client.query({
          name: 'baseline_entry',
          text: entry,
          values: [walletId, delta.toString(), row.balance],
        });
      }
      await client.query('commit');
      return row !== undefined;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
  /** Pairs on wallet `walletOf(i)`: a debit of 1.00, then a credit (2.50 every third pair). */
  return (pool: pg.Pool, walletOf: (i: number) => number): PairSender =>
    async (i, latencies) => {
      try {
        let t0 = performance.now();
        const debited = await call(pool, walletOf(i), -1000n);
        latencies.push(performance.now() - t0);
        if (!debited) return 1;
        t0 = performance.now();
        await call(pool, walletOf(i), i % 3 === 0 ? 2500n : 0n);
        latencies.push(performance.now() - t0);
        return 0;
      } catch {
        return 1;
      }
    };
}
