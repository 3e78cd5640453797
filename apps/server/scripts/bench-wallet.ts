// `npm run bench:wallet -w apps/server`: bet-then-result pairs through Pragmatic's Seamless
// Wallet callbacks over HTTP, against the real server on PostgreSQL, beside the very same
// debit-and-ledger SQL sent straight to PostgreSQL, in one run. Prints a markdown table.
//
//   BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test,
//     as bench:games): a PostgreSQL server where the user may create databases; a scratch
//     database is created, migrated, filled, measured, checked and dropped. When no
//     PostgreSQL answers there, the bench says so and exits 0 (nothing measured).
//   BENCH_METRICS=on: the server runs with METRICS_TOKEN set (metrics counted), to compare.
//   BENCH_SECONDS (5): measured seconds per row. BENCH_PLAYERS (1000): the spread players.
//   BENCH_CPU_PROF: a folder; the server then runs with --cpu-prof and writes its profile
//     there on exit (open it in Chrome DevTools, or sum self time per function).
//
// The server is the real app (`node --import tsx src/server.ts`, PROVIDERS=external with a
// known Pragmatic secret key, LOG_LEVEL=warn) in a child process on a real port, so the load
// generator (this process: node:http keep-alive sockets, one per concurrent client) never
// shares its event loop. Rows, per scenario (1,000 players spread, one hot player) and
// concurrency (10, 50):
//   HTTP: a signed bet.html then result.html for the same round (a "pair"), to the server;
//   in process: the same database work the two handlers do (postBet with its live-launch
//     condition, then postWin) through the server's own modules, no HTTP: what HTTP adds;
//   SQL: the ledger's own bet statement then its win statement (ledger-statements.ts) on a
//     bare pg Pool: the basis of the ratio target.
// They alternate second by second, so whatever else runs on the machine weighs on all alike.
// The warm-up plays every player once (steady state). Below the table: the HTTP floor (a call
// refused for its hash, no database). Afterwards the ledger check runs on the scratch
// database; the exit code is 1 if it fails.
//
// Targets (issue): HTTP ≥ 60 % of the direct SQL rate; p99 ≤ 10 ms at concurrency 10 with the
// players spread; ≥ 1,000 requests per second on one hot player.
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DatabaseConnection } from '../src/db/database';
import { openPostgres } from '../src/db/postgres-connection';
import { games, users, wallets } from '../src/db/schema';
import {
  createLaunchRepository,
  liveLaunchCondition,
} from '../src/features/game-sessions/launch-repository';
import { newLaunchToken } from '../src/features/game-sessions/launch-token';
import { foldSearchText } from '../src/features/games/search-text';
import { pragmaticHash } from '../src/features/providers/pragmatic/signature';
import {
  createLaunchSessions,
  type LaunchSessions,
} from '../src/features/game-sessions/launch-sessions';
import { createLedger, type Ledger } from '../src/features/wallet/ledger';
import { checkLedger, formatLedgerReport } from '../src/features/wallet/ledger-check';
import { movementStatement } from '../src/features/wallet/ledger-statements';
import { systemClock } from '../src/lib/clock';
import {
  createScratchDatabase,
  quantiles,
  startBenchServer,
  stopBenchServer,
} from './bench-support';

const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
try {
  const probe = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  await probe.connect();
  await probe.end();
} catch (error) {
  process.stdout.write(
    `bench:wallet needs PostgreSQL: none answered at ${new URL(adminUrl).host} (${error instanceof Error ? error.message : String(error)}). Set BENCH_DATABASE_URL to a server where the user may create databases. Nothing measured.\n`,
  );
  process.exit(0);
}

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const playerCount = Number(process.env.BENCH_PLAYERS ?? 1000);
const cpuProfileDir = process.env.BENCH_CPU_PROF;
const concurrencies = [10, 50] as const;
const targets = { ratio: 0.6, p99Ms: 10, hotPerSecond: 1000 };
const gameSymbol = 'vs20benchwallet';
const secretKey = randomBytes(24).toString('hex');
const providerId = 'PragmaticPlay';
/** The server's pool: openPostgres's default, as `npm start` runs it. */
const serverPoolSize = 10;

// ---------------------------------------------------------------- measuring

interface Sample {
  /** Every request's (or statement's) latency, ms. */
  latencies: number[];
  pairs: number;
  errors: number;
  seconds: number;
}

interface Result {
  requests: number;
  perSecond: number;
  pairsPerSecond: number;
  p50: number;
  p99: number;
  p999: number;
  errors: number;
}

/** One pair of calls; pushes each call's latency, answers how many calls failed. */
type PairSender = (i: number, latencies: number[]) => Promise<number>;

async function sample(concurrency: number, durationS: number, send: PairSender): Promise<Sample> {
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
async function pairs(concurrency: number, count: number, send: PairSender): Promise<void> {
  let next = 0;
  const ignored: number[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await send(next++, ignored);
    }),
  );
}

function summary(samples: Sample[]): Result {
  const latencies = samples.flatMap((s) => s.latencies);
  const pct = quantiles(latencies);
  const elapsed = samples.reduce((sum, s) => sum + s.seconds, 0);
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    pairsPerSecond: samples.reduce((sum, s) => sum + s.pairs, 0) / elapsed,
    p50: pct(0.5),
    p99: pct(0.99),
    p999: pct(0.999),
    errors: samples.reduce((sum, s) => sum + s.errors, 0),
  };
}

// ---------------------------------------------------------------- the HTTP client

interface Answer {
  ok: boolean;
  error?: number;
}

function makeClient(base: URL, agent: http.Agent, key = secretKey) {
  return (method: string, params: Record<string, string>): Promise<Answer> => {
    const signed = { ...params, providerId };
    const body = new URLSearchParams({ ...signed, hash: pragmaticHash(signed, key) });
    const payload = body.toString();
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

// ---------------------------------------------------------------- the server

// ---------------------------------------------------------------- the data

/** Players with wallets funded through the ledger, each with a live launch of the game. */
async function seed(db: DatabaseConnection, count: number): Promise<string[]> {
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
  return ids;
}

// ---------------------------------------------------------------- main

/** Makes this run's references unique (a reference is at most 32 characters). */
const run = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });

const scratch = await createScratchDatabase(adminUrl, 'casino_bench_wallet');
const dbName = scratch.name;
const dbUrl = scratch.url;
const dataDir = await mkdtemp(join(tmpdir(), 'casino-bench-wallet-'));
const db = openPostgres({ url: dbUrl, max: 4 });
let server: ChildProcess | undefined;
const agents: http.Agent[] = [];
const pools: pg.Pool[] = [];
const closers: (() => Promise<void>)[] = [];
try {
  await db.migrate();
  process.stdout.write(
    `Seeding ${fmt(playerCount)} spread players and one hot player in ${dbName}…\n`,
  );
  const spread = await seed(db, playerCount + 1);
  const hot = spread.pop()!;
  const started = await startBenchServer({
    databaseUrl: dbUrl,
    dataDir,
    // BENCH_METRICS=on: the server counts every request and posting (GET /metrics), to
    // measure what the metrics cost (docs/operations.md, "Sizing").
    env: {
      PRAGMATIC_SECRET_KEY: secretKey,
      ...(process.env.BENCH_METRICS === 'on'
        ? { METRICS_TOKEN: randomBytes(24).toString('hex') }
        : {}),
    },
    nodeArgs: cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [],
  });
  server = started.child;

  let sequence = 0;
  const nextRef = () => `${run}${(sequence++).toString(36)}`.slice(-32);
  const pick = (players: readonly string[], i: number) => players[i % players.length]!;
  const scenarios = [
    { name: 'spread', players: spread },
    { name: 'hot', players: [hot] },
  ] as const;

  /** Over HTTP: bet.html, then result.html for the same round (not sent if the bet failed). */
  const viaHttp =
    (players: readonly string[], client: ReturnType<typeof makeClient>): PairSender =>
    async (i, latencies) => {
      const userId = pick(players, i * 7919);
      const roundId = String(100_000_000_000_000 + sequence);
      const round = {
        userId,
        gameId: gameSymbol,
        roundId,
        timestamp: String(Date.now()),
        roundDetails: 'spin',
      };
      let t0 = performance.now();
      const bet = await client('bet', { ...round, amount: '1.00', reference: nextRef() });
      latencies.push(performance.now() - t0);
      if (!bet.ok) return 1;
      t0 = performance.now();
      const win = await client('result', {
        ...round,
        amount: i % 3 === 0 ? '2.50' : '0.00',
        reference: nextRef(),
      });
      latencies.push(performance.now() - t0);
      return win.ok ? 0 : 1;
    };

  /**
   * Direct SQL: the ledger's bet statement, then its win statement, on a bare pg Pool, as
   * named prepared statements (as the ledger sends them on PostgreSQL: db/named-statement.ts).
   */
  const dialect = new PgDialect();
  const viaSql =
    (players: readonly string[], pool: pg.Pool): PairSender =>
    async (i, latencies) => {
      const userId = pick(players, i * 7919);
      const roundId = String(200_000_000_000_000 + sequence);
      const statement = (kind: 'bet' | 'win', delta: bigint) => {
        const txId = nextRef();
        return dialect.sqlToQuery(
          movementStatement({
            kind,
            userId,
            delta,
            currency: 'USD',
            provider: 'bench-sql',
            operation: kind === 'bet' ? 'bet' : 'result',
            txId,
            betTxId: kind === 'bet' ? txId : null,
            gameId: gameSymbol,
            roundId,
            reason: null,
            actor: null,
            request: JSON.stringify({
              userId,
              amount: (delta < 0n ? -delta : delta).toString(),
              currency: 'USD',
              gameId: gameSymbol,
              roundId,
            }),
            meta: JSON.stringify({ timestamp: String(Date.now()), roundDetails: 'spin' }),
            now: new Date(),
            checkTombstone: kind === 'bet',
          }),
        );
      };
      try {
        let t0 = performance.now();
        const bet = statement('bet', -1000n);
        const applied = await pool.query({ name: 'bench_bet', text: bet.sql, values: bet.params });
        latencies.push(performance.now() - t0);
        if (applied.rowCount !== 1) return 1;
        t0 = performance.now();
        const win = statement('win', i % 3 === 0 ? 2500n : 0n);
        const credited = await pool.query({ name: 'bench_win', text: win.sql, values: win.params });
        latencies.push(performance.now() - t0);
        return credited.rowCount === 1 ? 0 : 1;
      } catch {
        return 1;
      }
    };

  /**
   * In process, no HTTP: what the bet and result handlers ask of the database (postBet with
   * its live-launch condition, postWin) through the server's own modules and a pool of the server's size.
   */
  const viaCode =
    (players: readonly string[], code: { sessions: LaunchSessions; ledger: Ledger }): PairSender =>
    async (i, latencies) => {
      const userId = pick(players, i * 7919);
      const roundId = String(300_000_000_000_000 + sequence);
      const round = {
        userId,
        currency: 'USD',
        provider: 'bench-code',
        gameId: gameSymbol,
        roundId,
      };
      const meta = { timestamp: String(Date.now()), roundDetails: 'spin' };
      try {
        let t0 = performance.now();
        // The bet's live-launch check runs inside its statement, as the handler does it.
        const admission = liveLaunchCondition({
          userId,
          provider: 'pragmatic',
          providerGameId: gameSymbol,
          now: new Date(),
        });
        await code.ledger.postBet({ ...round, amount: 1000n, txId: nextRef(), meta, admission });
        latencies.push(performance.now() - t0);
        t0 = performance.now();
        await code.ledger.postWin({
          ...round,
          amount: i % 3 === 0 ? 2500n : 0n,
          txId: nextRef(),
          operation: 'result',
          meta,
        });
        latencies.push(performance.now() - t0);
        return 0;
      } catch {
        return 1;
      }
    };

  const cores = cpus().length;
  process.stdout.write(
    `Measuring ${seconds} s per row on ${cores} CPU core${cores === 1 ? '' : 's'}, shared by the server (one Node process, pool of ${serverPoolSize}), PostgreSQL and this load generator; HTTP, in process and SQL alternate second by second (the SQL pool has one connection per client).\n\n`,
  );

  interface Row {
    scenario: string;
    concurrency: number;
    http: Result;
    code: Result;
    sql: Result;
  }
  const rows: Row[] = [];
  const codeDb = openPostgres({ url: dbUrl, max: serverPoolSize });
  closers.push(() => codeDb.close());
  const code = {
    sessions: createLaunchSessions({
      launches: createLaunchRepository(codeDb),
      clock: systemClock,
    }),
    ledger: createLedger({ db: codeDb, clock: systemClock }),
  };
  for (const scenario of scenarios) {
    for (const concurrency of concurrencies) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
      agents.push(agent);
      const pool = new pg.Pool({ connectionString: dbUrl, max: concurrency });
      // The bench database is force-dropped at the end; a closing connection must not crash it.
      pool.on('error', () => undefined);
      pools.push(pool);
      const senders = [
        viaHttp(scenario.players, makeClient(started.base, agent)),
        viaCode(scenario.players, code),
        viaSql(scenario.players, pool),
      ];
      // Warm-up, nothing recorded: every socket and connection open, V8 optimised, and every
      // player seen once (the steady state of a live casino: a player's wallet currency is
      // then remembered by the result handler, as it is for anyone who already played).
      for (const send of senders) {
        await sample(concurrency, 1, send);
        await pairs(concurrency, scenario.players.length, send);
      }
      const samples: Sample[][] = [[], [], []];
      for (let slice = 0; slice < seconds; slice++) {
        for (const [k, send] of senders.entries())
          samples[k]!.push(await sample(concurrency, 1, send));
      }
      rows.push({
        scenario:
          scenario.name === 'spread' ? `${fmt(playerCount)} players spread` : 'one hot player',
        concurrency,
        http: summary(samples[0]!),
        code: summary(samples[1]!),
        sql: summary(samples[2]!),
      });
      process.stdout.write(`  ${scenario.name} c${concurrency} measured\n`);
    }
  }

  const verdict = (pass: boolean) => (pass ? 'met' : 'MISSED');
  const header = [
    'scenario',
    'conc.',
    'via',
    'requests/s',
    'pairs/s',
    'p50 ms',
    'p99 ms',
    'p99.9 ms',
    'errors',
    'HTTP/SQL',
    'targets',
  ];
  const table: string[][] = [];
  const judgements: boolean[] = [];
  for (const r of rows) {
    const ratio = r.http.perSecond / r.sql.perSecond;
    const notes = [`ratio ≥ ${targets.ratio * 100} %: ${verdict(ratio >= targets.ratio)}`];
    judgements.push(ratio >= targets.ratio);
    if (r.scenario.endsWith('spread') && r.concurrency === 10) {
      notes.push(`p99 ≤ ${targets.p99Ms} ms: ${verdict(r.http.p99 <= targets.p99Ms)}`);
      judgements.push(r.http.p99 <= targets.p99Ms);
    }
    if (r.scenario === 'one hot player') {
      const fast = r.http.perSecond >= targets.hotPerSecond;
      notes.push(`≥ ${fmt(targets.hotPerSecond)}/s: ${verdict(fast)}`);
      judgements.push(fast);
    }
    if (r.http.errors > 0) judgements.push(false);
    table.push([
      r.scenario,
      String(r.concurrency),
      'HTTP',
      fmt(r.http.perSecond),
      fmt(r.http.pairsPerSecond),
      fmt(r.http.p50, 2),
      fmt(r.http.p99, 2),
      fmt(r.http.p999, 2),
      fmt(r.http.errors),
      `${fmt(ratio * 100)} %`,
      notes.join('; '),
    ]);
  }
  for (const [via, of] of [
    ['in process', (r: Row) => r.code],
    ['SQL', (r: Row) => r.sql],
  ] as const) {
    for (const r of rows) {
      const result = of(r);
      table.push([
        r.scenario,
        String(r.concurrency),
        via,
        fmt(result.perSecond),
        fmt(result.pairsPerSecond),
        fmt(result.p50, 2),
        fmt(result.p99, 2),
        fmt(result.p999, 2),
        fmt(result.errors),
        via === 'SQL' ? '' : `${fmt((100 * result.perSecond) / r.sql.perSecond)} %`,
        '',
      ]);
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  process.stdout.write(
    `\n${[line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...table.map(line)].join('\n')}\n\n`,
  );
  process.stdout.write(
    `Requests are single calls (a pair is bet + result); latencies are per call. ${judgements.every(Boolean) ? 'All targets met.' : 'Some targets missed.'}\n` +
      'HTTP: signed bet.html then result.html to the real server. In process: the same handlers’ database work (postBet with its live-launch condition, postWin) through the server’s modules, no HTTP. SQL: the ledger’s bet and win statements alone on a bare pg Pool.\n',
  );
  // The floor: what the HTTP path costs before any database work (a call refused for its hash).
  const floorAgent = new http.Agent({ keepAlive: true, maxSockets: 10 });
  agents.push(floorAgent);
  const refused = makeClient(started.base, floorAgent, 'not-the-key');
  const floorSend: PairSender = async (_i, latencies) => {
    const t0 = performance.now();
    const answer = await refused('bet', {
      userId: hot,
      gameId: gameSymbol,
      roundId: '1',
      amount: '1.00',
      reference: 'floor',
    });
    latencies.push(performance.now() - t0);
    return answer.error === 5 ? 0 : 1;
  };
  await sample(10, 1, floorSend);
  const floor = summary([await sample(10, Math.min(seconds, 3), floorSend)]);
  process.stdout.write(
    `HTTP floor (bet.html refused for its hash, no database), concurrency 10: ${fmt(floor.perSecond)} requests/s, p50 ${fmt(floor.p50, 2)} ms, p99 ${fmt(floor.p99, 2)} ms.\n\n`,
  );

  await stopBenchServer(server);
  server = undefined;
  const report = await checkLedger(db);
  // Non-zero when the ledger check fails (an exception fails the run anyway).
  process.exitCode = report.ok ? 0 : 1;
  process.stdout.write(`Ledger check on ${dbName}:\n${formatLedgerReport(report)}\n`);
  if (cpuProfileDir) process.stdout.write(`\nServer CPU profile written to ${cpuProfileDir}\n`);
} finally {
  if (server) await stopBenchServer(server);
  for (const agent of agents) agent.destroy();
  await Promise.all(pools.map((pool) => pool.end()));
  for (const close of closers) await close();
  await db.close();
  await scratch.drop();
  await rm(dataDir, { recursive: true, force: true });
}
