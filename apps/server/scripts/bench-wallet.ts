// `npm run bench:wallet -w apps/server`: bet-then-result pairs through Pragmatic's Seamless
// Wallet callbacks over HTTP, against the real server on PostgreSQL, beside a fixed SQL
// baseline sent straight to PostgreSQL, in one run. Prints markdown tables.
//
//   BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test,
//     as bench:games): a PostgreSQL server where the user may create databases; a scratch
//     database is created, migrated, filled, measured, checked and dropped. When no
//     PostgreSQL answers there, the bench says so and exits 0 (nothing measured).
//   BENCH_METRICS=on: the server runs with METRICS_TOKEN set (metrics counted), to compare.
//   BENCH_LOG_LEVEL (warn): the server's LOG_LEVEL; `info` is the server's default, which
//     writes an access line per request (decision 114). The server's output goes nowhere.
//   BENCH_RG=on: every player has responsible-gaming settings (a session time limit, and loss
//     and wager limits per day, week and month, all far above what the run plays), so every
//     bet is judged against them: issue 29's "at most 10 % per bet", against a run without.
//   BENCH_RG_HOURS (0 to 719): with BENCH_RG=on, hours of past play per player (719: every
//     hour of the month before this one, what a weekly or monthly limit's bet had to sum
//     before decision 110).
//   BENCH_SECONDS (5): measured seconds per row. BENCH_PLAYERS (1000): the spread players.
//   BENCH_RUNS: only these rows, e.g. `spread-10,hot-10` (default: all four).
//   BENCH_OLD_LAUNCHES (0): expired launches kept per player, as an active player has them.
//   BENCH_CPU_PROF: a folder; the server then runs with --cpu-prof and writes its profile
//     there on exit (open it in Chrome DevTools, or sum self time per function).
//
// The server is the real app (`node --import tsx src/server.ts`, PROVIDERS=external with a
// known Pragmatic secret key, LOG_LEVEL=warn) in a child process on a real port, so the load
// generator (this process: node:http keep-alive sockets, one per concurrent client) never
// shares its event loop. Per run (spread over the players or one hot player; 10 and 50
// concurrent clients), four ways alternate second by second, so whatever else runs on the
// machine weighs on all alike:
//   HTTP: a signed bet.html then result.html for the same round, to the server;
//   baseline: the fixed SQL of issue 26 (bench-wallet-load.ts: UPDATE … RETURNING + one
//     INSERT, one transaction per call, on its own tables and pool): the goals' yardstick,
//     which never moves with the ledger's code;
//   own statements: the ledger's bet and win statements on a bare pool (moves with the code:
//     it shows what the HTTP layer adds, not what the ledger costs);
//   in process: the handlers' database work through the server's modules, no HTTP.
// The warm-up plays every player once (steady state). Afterwards the ledger check runs on the
// scratch database; the exit code is 1 if it fails.
// Beside each way's rate: CPU per call of the server, of PostgreSQL's backends and of this load
// generator, and the share of the machine's time that no process used in that way's slices
// (bench-wallet-cpu.ts): what a call costs the two cores, and whether a way was held up by
// CPU or by waiting (decision 111). The floor line gives the same for a call with no database.
//
// Goals (issue 26), HTTP calls/s against the baseline's tx/s of the same run: spread ≥ 0.60 ×
// (p99 ≤ 10 ms at 10 clients), one hot player ≥ 2 × (batching).
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openPostgres } from '../src/db/postgres-connection';
import { createLedger } from '../src/features/wallet/ledger';
import { checkLedger, formatLedgerReport } from '../src/features/wallet/ledger-check';
import { systemClock } from '../src/lib/clock';
import { createScratchDatabase, startBenchServer, stopBenchServer } from './bench-support';
import {
  createBaseline,
  pairs,
  seedLimits,
  pragmaticClient,
  sample,
  seedPlayers,
  summary,
  type PairSender,
  type Result,
  type Sample,
} from './bench-wallet-load';
import { cpuMeter, type CpuUse } from './bench-wallet-cpu';
import { viaCode, viaHttp, viaOwnStatements, type Round } from './bench-wallet-senders';

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
const goals = { spread: 0.6, hot: 2, p99Ms: 10 };
const gameSymbol = 'vs20benchwallet';
const secretKey = randomBytes(24).toString('hex');
/** The server's pool: openPostgres's default, as `npm start` runs it. */
const serverPoolSize = 10;
/** The order of runs; BENCH_RUNS (e.g. `spread-10,hot-10`) keeps only those named. */
const only = process.env.BENCH_RUNS?.split(',').map((run) => run.trim());
const allRuns = [
  { scenario: 'spread', concurrency: 10 },
  { scenario: 'hot', concurrency: 10 },
  { scenario: 'spread', concurrency: 50 },
  { scenario: 'hot', concurrency: 50 },
] as const;
const runName = ({ scenario, concurrency }: (typeof allRuns)[number]) =>
  `${scenario}-${concurrency}`;
// A misspelt name would otherwise measure nothing and print empty tables.
const unknownRuns = only?.filter((name) => !allRuns.some((run) => runName(run) === name)) ?? [];
if (unknownRuns.length > 0) {
  throw new Error(
    `BENCH_RUNS: unknown run ${unknownRuns.join(', ')}; known: ${allRuns.map(runName).join(', ')}`,
  );
}
const runs = allRuns.filter((run) => !only || only.includes(runName(run)));

/** Makes this run's references unique (a reference is at most 32 characters). */
const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });

const scratch = await createScratchDatabase(adminUrl, 'casino_bench_wallet');
const dataDir = await mkdtemp(join(tmpdir(), 'casino-bench-wallet-'));
const db = openPostgres({ url: scratch.url, max: 4 });
let server: ChildProcess | undefined;
const agents: http.Agent[] = [];
const pools: pg.Pool[] = [];
const closers: (() => Promise<void>)[] = [];
try {
  await db.migrate();
  process.stdout.write(
    `Seeding ${fmt(playerCount)} spread players and one hot player in ${scratch.name}…\n`,
  );
  const spread = await seedPlayers(db, playerCount + 1, gameSymbol);
  const hot = spread.pop()!;
  if (process.env.BENCH_RG === 'on') {
    const pastHours = Number(process.env.BENCH_RG_HOURS ?? 0);
    if (!Number.isInteger(pastHours) || pastHours < 0 || pastHours > 719) {
      throw new Error(`BENCH_RG_HOURS must be a whole number from 0 to 719, not ${pastHours}`);
    }
    await seedLimits(db, [...spread, hot], pastHours);
  }
  const baseline = await createBaseline(scratch.url, playerCount);
  const started = await startBenchServer({
    databaseUrl: scratch.url,
    dataDir,
    // BENCH_METRICS=on: the server counts every request and posting (GET /metrics), to
    // measure what the metrics cost (docs/operations.md, "Sizing").
    env: {
      PRAGMATIC_SECRET_KEY: secretKey,
      ...(process.env.BENCH_METRICS === 'on'
        ? { METRICS_TOKEN: randomBytes(24).toString('hex') }
        : {}),
      ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
    },
    nodeArgs: cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [],
  });
  server = started.child;

  let sequence = 0;
  const roundOf = (players: readonly string[]): Round => ({
    player: (i) => players[(i * 7919) % players.length]!,
    reference: () => `${runId}${(sequence++).toString(36)}`.slice(-32),
    roundId: (range) => String(range * 100_000_000_000_000 + sequence),
    gameSymbol,
  });
  const cores = cpus().length;
  process.stdout.write(
    `Measuring ${seconds} s per row on ${cores} CPU core${cores === 1 ? '' : 's'}, shared by the server (one Node process, pool of ${serverPoolSize}), PostgreSQL and this load generator; HTTP, baseline, own statements and in process alternate second by second (each SQL pool has one connection per client).\n\n`,
  );

  const codeDb = openPostgres({ url: scratch.url, max: serverPoolSize });
  closers.push(() => codeDb.close());
  const ledger = createLedger({ db: codeDb, clock: systemClock });
  // As a server instance's would: its own once-only work (none here) done, its notices say so,
  // and the running server does not read and act on these postings again (decision 109).
  ledger.events.onPosted(() => {});
  const ways = ['HTTP', 'baseline', 'own statements', 'in process'] as const;
  const rows: {
    name: string;
    concurrency: number;
    results: Result[];
    /** CPU used during each way's slices (bench-wallet-cpu.ts). */
    cpu: CpuUse[];
  }[] = [];
  const meter = cpuMeter(started.child.pid, scratch.name);
  for (const { scenario, concurrency } of runs) {
    const players = scenario === 'spread' ? spread : [hot];
    const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
    agents.push(agent);
    // One pool for the two ways that send SQL straight (they never run at once: the ways take
    // turns), ended with its row. A pool each, kept to the end of the run, held 2 × 50 idle
    // connections besides the server's at 50 connections, past PostgreSQL's default
    // max_connections (100): the refused connects were the "errors" those rows reported.
    const pool = new pg.Pool({ connectionString: scratch.url, max: concurrency });
    // The bench database is force-dropped at the end; a closing connection must not crash it.
    pool.on('error', () => undefined);
    pools.push(pool);
    const senders: PairSender[] = [
      viaHttp(roundOf(players), pragmaticClient(started.base, agent, secretKey)),
      // The baseline's wallet ids: 0 … playerCount − 1 spread, playerCount the hot one.
      baseline(pool, (i) => (scenario === 'spread' ? (i * 7919) % playerCount : playerCount)),
      viaOwnStatements(roundOf(players), pool),
      viaCode(roundOf(players), ledger),
    ];
    // Warm-up, nothing recorded: every socket and connection open, V8 optimised, and every
    // player seen once (a live casino's steady state: the result handler then knows each
    // player's wallet currency, as it does for anyone who already played).
    for (const send of senders) {
      await sample(concurrency, 1, send);
      await pairs(concurrency, players.length, send);
    }
    const samples: Sample[][] = senders.map(() => []);
    const cpu: CpuUse[] = senders.map(() => ({
      serverMs: 0,
      postgresMs: 0,
      generatorMs: 0,
      idleMs: 0,
      machineMs: 0,
    }));
    for (let slice = 0; slice < seconds; slice++) {
      for (const [k, send] of senders.entries()) {
        const before = meter.read();
        samples[k]!.push(await sample(concurrency, 1, send));
        const used = meter.between(before, meter.read());
        for (const key of Object.keys(used) as (keyof CpuUse)[]) cpu[k]![key] += used[key];
      }
    }
    const name = scenario === 'spread' ? `spread (${fmt(playerCount)} players)` : 'one hot player';
    rows.push({ name, concurrency, results: samples.map((s) => summary(s)), cpu });
    await pool.end();
    pools.splice(pools.indexOf(pool), 1);
    process.stdout.write(`  ${name}, ${concurrency} connections: measured\n`);
  }

  const table = (header: string[], body: string[][]) => {
    const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
    const line = (cells: string[]) =>
      `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
    return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)]
      .join('\n')
      .concat('\n');
  };
  const verdict = (pass: boolean) => (pass ? 'met' : 'MISSED');
  const judgements: boolean[] = [];
  const main = rows.map(({ name, concurrency, results }) => {
    const [viaHttpResult, base, own] = results as [Result, Result, Result];
    const ratio = viaHttpResult.perSecond / base.perSecond;
    const hotRun = name === 'one hot player';
    const goal = hotRun ? goals.hot : goals.spread;
    const notes = [`≥ ${goal} ×: ${verdict(ratio >= goal)}`];
    judgements.push(ratio >= goal, viaHttpResult.errors === 0);
    if (!hotRun && concurrency === 10) {
      notes.push(`p99 ≤ ${goals.p99Ms} ms: ${verdict(viaHttpResult.p99 <= goals.p99Ms)}`);
      judgements.push(viaHttpResult.p99 <= goals.p99Ms);
    }
    return [
      `${name}, ${concurrency} connections`,
      fmt(viaHttpResult.perSecond),
      fmt(viaHttpResult.p99, 1),
      fmt(base.perSecond),
      `${fmt(ratio, 2)} ×`,
      fmt(own.perSecond),
      `${fmt((100 * viaHttpResult.perSecond) / own.perSecond)} %`,
      fmt(viaHttpResult.errors),
      notes.join('; '),
    ];
  });
  process.stdout.write(
    `\n${table(
      [
        'run',
        'calls/s',
        'p99 ms',
        'baseline tx/s',
        'ratio',
        'own statements/s',
        'HTTP/own',
        'errors',
        'goals',
      ],
      main,
    )}\n`,
  );
  const perCall = (ms: number, calls: number) => (calls > 0 ? fmt(ms / calls, 3) : '–');
  const detail = rows.flatMap(({ name, concurrency, results, cpu }) =>
    results.map((r, k) => [
      `${name}, ${concurrency}`,
      ways[k]!,
      fmt(r.perSecond),
      fmt(r.p50, 2),
      fmt(r.p99, 2),
      fmt(r.errors),
      perCall(cpu[k]!.serverMs, r.calls),
      perCall(cpu[k]!.postgresMs, r.calls),
      perCall(cpu[k]!.generatorMs, r.calls),
      cpu[k]!.machineMs > 0 ? `${fmt((100 * cpu[k]!.idleMs) / cpu[k]!.machineMs)} %` : '–',
    ]),
  );
  process.stdout.write(
    `${table(['run', 'via', 'calls/s', 'p50 ms', 'p99 ms', 'errors', 'server CPU ms/call', 'PostgreSQL CPU ms/call', 'load generator CPU ms/call', 'machine idle'], detail)}\n` +
      `CPU per call: the server process's, the scratch database's PostgreSQL backends' (/proc) and this load generator's own, during that way's slices only; far steadier than rates on a shared machine. The in-process way's ledger runs in the load generator, so its work is in that column. Machine idle: the share of all cores' time that no process used during those slices (decision 111).\n` +
      `Calls are single callbacks or transactions (a pair is a debit and a credit); latencies are per call. ${judgements.every(Boolean) ? 'All goals met.' : 'Some goals missed.'}\n`,
  );
  // The floor: what the HTTP path costs before any database work (a call refused for its hash).
  const floorAgent = new http.Agent({ keepAlive: true, maxSockets: 10 });
  agents.push(floorAgent);
  const refused = pragmaticClient(started.base, floorAgent, 'not-the-key');
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
  const floorBefore = meter.read();
  const floor = summary([await sample(10, Math.min(seconds, 3), floorSend)]);
  const floorCpu = meter.between(floorBefore, meter.read());
  process.stdout.write(
    `HTTP floor (bet.html refused for its hash, no database), 10 connections: ${fmt(floor.perSecond)} calls/s, p50 ${fmt(floor.p50, 2)} ms, p99 ${fmt(floor.p99, 2)} ms; CPU per call: server ${perCall(floorCpu.serverMs, floor.calls)} ms, load generator ${perCall(floorCpu.generatorMs, floor.calls)} ms.\n\n`,
  );

  await stopBenchServer(server);
  server = undefined;
  const report = await checkLedger(db);
  // Non-zero when the ledger check fails (an exception fails the run anyway).
  process.exitCode = report.ok ? 0 : 1;
  process.stdout.write(`Ledger check on ${scratch.name}:\n${formatLedgerReport(report)}\n`);
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
