// `npx tsx scripts/bench-wallet-parts.ts` (apps/server): what each part of a bet + win pair
// costs PostgreSQL, in CPU per pair (decision 097). Not a benchmark of the server: the pair's
// statements are sent straight on a pool, one variant at a time, alternating slice by slice
// so the machine's load weighs on each alike. Variants (BENCH_PARTS, comma-separated, default
// all): `plain` (ledger_apply, admitted), `admission` (the live-launch condition inside the
// bet's statement, as the Pragmatic bet sends it), `notify` (plain, plus one pg_notify per
// posting in a statement of its own, as the ledger's publisher sends it when postings do not
// overlap), `rg` (plain, for players with limits, seeded apart), `ledger` (the server's
// ledger module: postBet with the live-launch admission and postWin, through group commit
// and with the coalesced NOTIFY).
// BENCH_DATABASE_URL as bench:wallet; BENCH_SECONDS (4) slices of 1 s per variant;
// BENCH_PLAYERS (500); BENCH_CONCURRENCY (10); BENCH_HOT=on: one player for every client;
// BENCH_LISTEN=on: a connection LISTENs on the ledger's channel (as a running server's does);
// BENCH_OLD_LAUNCHES (0): expired launches kept per player (bench-wallet-load.ts);
// BENCH_SETUP_SQL: an SQL file run after the migrations (e.g. an older function, to compare);
// `alt` (not in the default list): plain, calling `ledger_apply_alt` instead, a function of the
// same arguments and answer that BENCH_SETUP_SQL defines, so a change to the function's body
// is judged against today's in the same run, slice by slice.
// `many` (not in the default list): the `plain` pair for BENCH_MANY (5) players at once, as
// the group commit sends postings of several wallets (decision 109): their bets in one
// ledger_apply_many, then their wins in another, from BENCH_CONCURRENCY / BENCH_MANY clients,
// so as many postings are under way as in the other variants. `many-alt`: the same, calling
// `ledger_apply_many_alt` (BENCH_SETUP_SQL defines it), as `alt` is to `plain`.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openPostgres } from '../src/db/postgres-connection';
import { liveLaunchCondition } from '../src/features/game-sessions/launch-repository';
import { createLedger } from '../src/features/wallet/ledger';
import { applyManyPrepared, applyStatement, type Apply } from '../src/features/wallet/ledger-apply';
import { systemClock } from '../src/lib/clock';
import { createScratchDatabase } from './bench-support';
import { cpuMeter } from './bench-wallet-cpu';
import { seedLimits, seedPlayers } from './bench-wallet-load';

const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const playerCount = Number(process.env.BENCH_PLAYERS ?? 500);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);
const hot = process.env.BENCH_HOT === 'on';
const allVariants = ['plain', 'admission', 'notify', 'rg', 'ledger'] as const;
const knownVariants = [...allVariants, 'alt', 'many', 'many-alt'] as const;
type Variant = (typeof knownVariants)[number];
const variants = (process.env.BENCH_PARTS?.split(',') ?? allVariants) as Variant[];
// A misspelt name would otherwise measure the plain pair under that name.
const unknownVariants = variants.filter((v) => !(knownVariants as readonly string[]).includes(v));
if (unknownVariants.length > 0) {
  throw new Error(
    `BENCH_PARTS: unknown variant ${unknownVariants.join(', ')}; known: ${knownVariants.join(', ')}`,
  );
}

/** The statement's text calling `fn_alt` instead of `fn` (BENCH_SETUP_SQL defines it). */
function callingAlt(text: string, fn: string): string {
  const call = `from ${fn}(`;
  // Should the statement's text change, the alt way must not silently measure the original.
  if (!text.includes(call)) throw new Error(`The statement no longer calls ${call}…): ${text}`);
  return text.replace(call, `from ${fn}_alt(`);
}
const many = Number(process.env.BENCH_MANY ?? 5);
if (!Number.isInteger(many) || many < 2 || many > concurrency) {
  throw new Error(`BENCH_MANY must be a whole number from 2 to ${concurrency}, not ${many}`);
}
const gameSymbol = 'vs20benchparts';
const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
let sequence = 0;

const scratch = await createScratchDatabase(adminUrl, 'casino_bench_parts');
const db = openPostgres({ url: scratch.url, max: 4 });
const pool = new pg.Pool({ connectionString: scratch.url, max: concurrency });
// `ledger`: the server's own ledger module (group commit, the NOTIFY publisher) on its pool.
const ledgerDb = openPostgres({ url: scratch.url, max: concurrency });
const ledger = createLedger({ db: ledgerDb, clock: systemClock });
pool.on('error', () => undefined);
try {
  await db.migrate();
  // BENCH_SETUP_SQL: a file run after the migrations (an older function's text, to compare).
  if (process.env.BENCH_SETUP_SQL) {
    await pool.query(await readFile(process.env.BENCH_SETUP_SQL, 'utf8'));
  }
  const players = await seedPlayers(db, playerCount * 2, gameSymbol);
  const plainPlayers = players.slice(0, playerCount);
  const rgPlayers = players.slice(playerCount);
  await seedLimits(db, rgPlayers);
  const meter = cpuMeter(undefined, scratch.name);
  // BENCH_LISTEN=on: one connection LISTENs on the ledger's channel, as every server does.
  const listener = new pg.Client({ connectionString: scratch.url });
  if (process.env.BENCH_LISTEN === 'on') {
    await listener.connect();
    await listener.query('LISTEN wallet_balance');
  }

  const send = async (variant: Variant, i: number): Promise<void> => {
    const group = variant === 'rg' ? rgPlayers : plainPlayers;
    const userId = hot ? group[0]! : group[(i * 7919) % group.length]!;
    const roundId = String(++sequence);
    const now = new Date();
    const posting = (kind: 'bet' | 'win', delta: bigint): Apply => {
      const txId = `${runId}${(sequence++).toString(36)}`.slice(-32);
      const amount = (delta < 0n ? -delta : delta).toString();
      return {
        kind,
        userId,
        delta,
        currency: 'USD',
        provider: 'pragmatic',
        operation: kind === 'bet' ? 'bet' : 'result',
        txId,
        betTxId: kind === 'bet' ? txId : null,
        gameId: gameSymbol,
        roundId,
        request: { userId, amount, currency: 'USD', gameId: gameSymbol, roundId },
        meta: JSON.stringify({ timestamp: String(Date.now()), roundDetails: 'spin' }),
        now,
        admission:
          kind === 'bet' && variant === 'admission'
            ? liveLaunchCondition({
                userId,
                provider: 'pragmatic',
                providerGameId: gameSymbol,
                now,
              })
            : null,
      };
    };
    if (variant === 'ledger') {
      const bet = posting('bet', -1000n);
      const admission = liveLaunchCondition({
        userId,
        provider: 'pragmatic',
        providerGameId: gameSymbol,
        now,
      });
      const meta = { timestamp: String(Date.now()), roundDetails: 'spin' };
      const base = { userId, currency: 'USD', provider: 'pragmatic', gameId: gameSymbol, roundId };
      await ledger.postBet({ ...base, amount: 1000n, txId: bet.txId, meta, admission });
      const win = posting('win', 0n);
      await ledger.postWin({
        ...base,
        amount: i % 3 === 0 ? 2500n : 0n,
        txId: win.txId,
        operation: 'result',
        meta,
      });
      return;
    }
    if (variant === 'many' || variant === 'many-alt') {
      // BENCH_MANY players, spread like the others; a pair each, in two statements.
      const users = Array.from({ length: many }, (_, k) => group[(i * 7919 + k) % group.length]!);
      for (const kind of ['bet', 'win'] as const) {
        const delta = kind === 'bet' ? -1000n : i % 3 === 0 ? 2500n : 0n;
        const batch = users.map((u) => {
          const p = posting(kind, delta);
          return { ...p, userId: u, request: { ...p.request, userId: u } };
        });
        const { statement, values } = applyManyPrepared(batch)!;
        const { rows } = await pool.query<{ outcome: string }>({
          name: variant === 'many-alt' ? `parts_alt_${statement.name}` : statement.name,
          text:
            variant === 'many-alt'
              ? callingAlt(statement.text, 'ledger_apply_many')
              : statement.text,
          values: [...values],
        });
        if (rows.length !== many || rows.some((r) => r.outcome !== 'applied')) {
          throw new Error(`many: ${rows.map((r) => r.outcome).join(', ')}`);
        }
      }
      return;
    }
    for (const apply of [posting('bet', -1000n), posting('win', i % 3 === 0 ? 2500n : 0n)]) {
      const { statement, values } = applyStatement(apply);
      const { rows } = await pool.query<{ outcome: string; id: string }>({
        name: variant === 'alt' ? 'parts_alt' : statement.name,
        text: variant === 'alt' ? callingAlt(statement.text, 'ledger_apply') : statement.text,
        values: [...values],
      });
      if (rows[0]?.outcome !== 'applied') throw new Error(`${variant}: ${rows[0]?.outcome}`);
      if (variant === 'notify' && (apply.delta !== 0n || apply.kind === 'bet')) {
        await pool.query({
          name: 'parts_notify',
          text: 'select pg_notify($1, $2)',
          values: ['wallet_balance', JSON.stringify([{ id: rows[0].id, user_id: userId }])],
        });
      }
    }
  };

  const slice = async (variant: Variant): Promise<number> => {
    let done = 0;
    const end = performance.now() + 1000;
    await Promise.all(
      // `many`: fewer clients, each with BENCH_MANY pairs under way at once.
      Array.from(
        { length: variant.startsWith('many') ? Math.floor(concurrency / many) : concurrency },
        async (_, c) => {
          const pairs = variant.startsWith('many') ? many : 1;
          while (performance.now() < end) {
            await send(variant, c * 1_000_003 + done);
            done += pairs;
          }
        },
      ),
    );
    return done;
  };
  for (const v of variants) await slice(v); // warm-up: connections, plans, caches
  const totals = new Map(variants.map((v) => [v, { pairs: 0, postgresMs: 0 }]));
  for (let s = 0; s < seconds; s++) {
    for (const v of variants) {
      const before = meter.read();
      const pairs = await slice(v);
      const used = meter.between(before, meter.read());
      const total = totals.get(v)!;
      total.pairs += pairs;
      total.postgresMs += used.postgresMs;
    }
  }
  process.stdout.write(
    `${hot ? 'one hot player' : `${playerCount} players`}, ${concurrency} connections, ${seconds} × 1 s per variant\n\n| variant | pairs/s | PostgreSQL CPU ms/pair |\n|---|---|---|\n`,
  );
  for (const [v, t] of totals) {
    process.stdout.write(
      `| ${v} | ${Math.round(t.pairs / seconds)} | ${(t.postgresMs / t.pairs).toFixed(3)} |\n`,
    );
  }
  await listener.end().catch(() => undefined);
} finally {
  await pool.end();
  await ledgerDb.close();
  await db.close();
  await scratch.drop();
}
