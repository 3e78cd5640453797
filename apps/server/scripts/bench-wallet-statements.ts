// `npx tsx scripts/bench-wallet-statements.ts` (apps/server): how many statements, and which,
// the real server sends to PostgreSQL per provider callback (issue 26, decision 088). A
// counting tool, not a benchmark: it needs a PostgreSQL where the user is a superuser and
// whose server log this process may read (BENCH_PG_LOG, default Debian's
// /var/log/postgresql/postgresql-15-main.log), because it turns `log_statement = all` on for
// a scratch database only and reads that database's lines back.
//
// Per callback it prints the statements the server sent (a named prepared statement is one
// `execute` line: one round trip), for a Pragmatic bet and result, with and without
// responsible-gaming limits on the player. Between two callbacks it sends a marker statement
// on its own connection, so every line between two markers belongs to one callback.
import { randomBytes } from 'node:crypto';
import { open, stat, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPostgres } from '../src/db/postgres-connection';
import { createScratchDatabase, startBenchServer, stopBenchServer } from './bench-support';
import { pragmaticClient, seedPlayers } from './bench-wallet-load';

const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const logPath = process.env.BENCH_PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';
const gameSymbol = 'vs20benchwallet';
const secretKey = randomBytes(24).toString('hex');

const scratch = await createScratchDatabase(adminUrl, 'casino_bench_statements');
const dataDir = await mkdtemp(join(tmpdir(), 'casino-bench-statements-'));
const db = openPostgres({ url: scratch.url, max: 2 });
const admin = new pg.Client({ connectionString: scratch.url });
let child: Awaited<ReturnType<typeof startBenchServer>>['child'] | undefined;
try {
  await db.migrate();
  const [plain, limited] = await seedPlayers(db, 2, gameSymbol);
  await admin.connect();
  // The second player has a session time limit and loss and wager limits (decision 070).
  const now = new Date().toISOString();
  await admin.query(
    `insert into rg_players (user_id, session_limit_minutes, created_at, updated_at)
     values ($1, 600, $2, $2)`,
    [limited, now],
  );
  await admin.query(
    `insert into rg_limits (user_id, kind, period, amount, set_by, updated_at)
     select $1, k, p, 1000000000, 'player', $2
     from unnest(array['loss', 'wager']) k, unnest(array['day', 'week', 'month']) p`,
    [limited, now],
  );
  await admin.query(`alter database "${scratch.name}" set log_statement = 'all'`);
  await admin.query(`set log_statement = 'all'`);
  const started = await startBenchServer({
    databaseUrl: scratch.url,
    dataDir,
    env: { PRAGMATIC_SECRET_KEY: secretKey },
  });
  child = started.child;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const client = pragmaticClient(started.base, agent, secretKey);
  let seq = 0;
  // The work a callback starts after its answer (event listeners, the NOTIFY) has time to
  // finish before the marker, so it is counted with its callback.
  const settle = () => new Promise((r) => setTimeout(r, 150));
  const round = async (label: string, userId: string, roundId: string, win: string) => {
    const params = { userId, gameId: gameSymbol, roundId, timestamp: String(Date.now()) };
    const bet = await client('bet', { ...params, amount: '1.00', reference: `b${seq++}` });
    await settle();
    await mark(`bet of round ${roundId} (${label})`);
    const result = await client('result', { ...params, amount: win, reference: `r${seq++}` });
    await settle();
    await mark(`result ${win} of round ${roundId} (${label})`);
    if (!bet.ok || !result.ok)
      throw new Error(`round ${roundId} failed: ${bet.error}/${result.error}`);
  };
  const mark = (label: string) => admin.query(`select 'MARK ${label}'`);
  const logStart = (await stat(logPath)).size;
  await mark('start');
  for (const [name, userId] of [
    ['no limits', plain!],
    ['limits', limited!],
  ] as const) {
    // The first bet of a player in a process also reads the wallet's currency, once.
    await round(name, userId, `${name === 'limits' ? 2 : 1}000`, '0.00');
    await round(name, userId, `${name === 'limits' ? 2 : 1}001`, '0.00');
    await round(name, userId, `${name === 'limits' ? 2 : 1}002`, '2.50');
  }
  await mark('end');
  await new Promise((r) => setTimeout(r, 300));
  const file = await open(logPath, 'r');
  const size = (await stat(logPath)).size;
  const buffer = Buffer.alloc(size - logStart);
  await file.read(buffer, 0, buffer.length, logStart);
  await file.close();
  // One entry per logged statement: its first line and the continuation lines after it.
  const entries: string[] = [];
  for (const line of buffer.toString('utf8').split('\n')) {
    if (/^\d{4}-\d\d-\d\d /.test(line)) {
      entries.push(line.includes(`@${scratch.name} `) ? line : '');
    } else if (entries.length > 0 && entries[entries.length - 1] !== '') {
      entries[entries.length - 1] += ` ${line.trim()}`;
    }
  }
  // The reports job (a timer, no callback's work) runs now and then: its statements are left
  // out. Nothing a bet or a win sends opens a transaction of its own (ledger_apply is one
  // statement), so a bare begin/commit is the job's.
  const reportsJob =
    /report_|pg_try_advisory_lock|pg_advisory_unlock|pg_locks|^select coalesce\(max\(id\)|^set local jit|^(begin|commit)$|from payments p left join users/;
  let current: string[] = [];
  for (const entry of entries) {
    const found = /LOG: {2}(?:statement|execute [^:]*): (.*)$/.exec(entry);
    if (!found) continue;
    const text = found[1]!.replace(/\s+/g, ' ');
    if (reportsJob.test(text)) continue;
    const marker = /MARK (.*)'/.exec(text);
    if (marker) {
      if (marker[1] !== 'start') {
        process.stdout.write(`\n## ${marker[1]}: ${current.length} statement(s)\n`);
        for (const s of current) process.stdout.write(`- ${s.slice(0, 160)}\n`);
      }
      current = [];
    } else current.push(text);
  }
  agent.destroy();
} finally {
  if (child) await stopBenchServer(child);
  await admin.end().catch(() => undefined);
  await db.close();
  await scratch.drop();
  await rm(dataDir, { recursive: true, force: true });
}
