// `npx tsx scripts/bench-wallet-statements.ts` (apps/server): how many statements, and which,
// the real server sends to PostgreSQL per provider callback (issue 26, decision 088). A
// counting tool, not a benchmark: it needs a PostgreSQL where the user is a superuser and
// whose server log this process may read (BENCH_PG_LOG, default Debian's
// /var/log/postgresql/postgresql-15-main.log), because it turns `log_statement = all` on for
// a scratch database only and reads that database's lines back.
//
// Per callback it prints the statements the server sent (a named prepared statement is one
// `execute` line: one round trip), for a Pragmatic bet and result, with and without
// responsible-gaming limits on the player, then a GB Games bet and result and an Endorphina
// bet and win on launch tokens of the player without limits (decision 102). Between two
// callbacks it sends a marker statement on its own connection, so every line between two
// markers belongs to one callback.
import { randomBytes } from 'node:crypto';
import { open, stat, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPostgres } from '../src/db/postgres-connection';
import type { DatabaseConnection } from '../src/db/database';
import { games } from '../src/db/schema';
import { createLaunchRepository } from '../src/features/game-sessions/launch-repository';
import { newLaunchToken } from '../src/features/game-sessions/launch-token';
import { endorphinaSign } from '../src/features/providers/endorphina/signature';
import { endorphinaWalletPrefix } from '../src/features/providers/endorphina/wallet-routes';
import { gbSignature } from '../src/features/providers/gbgames/signature';
import { gbWalletPath } from '../src/features/providers/gbgames/wallet-routes';
import { foldSearchText } from '../src/features/games/search-text';
import { createScratchDatabase, startBenchServer, stopBenchServer } from './bench-support';
import { pragmaticClient, seedPlayers } from './bench-wallet-load';

const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const logPath = process.env.BENCH_PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';
const gameSymbol = 'vs20benchwallet';
const secretKey = randomBytes(24).toString('hex');
const gbSecret = randomBytes(24).toString('hex');
const endoSalt = randomBytes(24).toString('hex');
const gbGame = 'gb-bench';
const endoGame = 'endo-bench@ENDORPHINA';

/** One POST to the bench server: its status and JSON body. */
function send(
  base: URL,
  agent: http.Agent,
  path: string,
  headers: Record<string, string>,
  payload: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        path,
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(text) as Record<string, unknown>,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A launch token of `userId` for one of a provider's games, as a real launch records it. */
async function launchOf(
  db: DatabaseConnection,
  userId: string,
  provider: 'gbgames' | 'endorphina',
  providerGameId: string,
): Promise<string> {
  const now = new Date();
  const [game] = await db
    .insert(games)
    .values({
      provider,
      providerGameId,
      name: `Bench ${provider}`,
      searchText: foldSearchText(`Bench ${provider}`),
      image: 'https://cdn.example.test/bench.svg',
      category: 'slots',
      hasDemo: false,
      hasReal: true,
      syncedAt: now,
    })
    .returning({ id: games.id });
  const { token, hash } = newLaunchToken();
  await createLaunchRepository(db).recordLaunch({
    tokenHash: hash,
    userId,
    gameId: game!.id,
    provider,
    currency: 'USD',
    sessionId: null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 3600_000),
  });
  return token;
}

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
  const gbToken = await launchOf(db, plain!, 'gbgames', gbGame);
  const endoToken = await launchOf(db, plain!, 'endorphina', endoGame);
  await admin.query(`alter database "${scratch.name}" set log_statement = 'all'`);
  await admin.query(`set log_statement = 'all'`);
  const started = await startBenchServer({
    databaseUrl: scratch.url,
    dataDir,
    env: { PRAGMATIC_SECRET_KEY: secretKey, GBGAMES_SECRET: gbSecret, ENDORPHINA_SALT: endoSalt },
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
  // GB Games: a bet and its result on the token (the result's player comes from the token).
  const gb = (message: Record<string, unknown>) => {
    const raw = JSON.stringify({ ...message, timestamp: new Date().toISOString() });
    return send(
      started.base,
      agent,
      gbWalletPath,
      { 'content-type': 'application/json', 'x-gb-signature': gbSignature(raw, gbSecret) },
      raw,
    );
  };
  const endo = (call: string, params: Record<string, string>) =>
    send(
      started.base,
      agent,
      `${endorphinaWalletPrefix}/${call}`,
      { 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams({ ...params, sign: endorphinaSign(params, endoSalt) }).toString(),
    );
  for (const win of ['0.00', '2.50']) {
    const launch = { token: gbToken, playerId: plain!, gameId: gbGame, currency: 'USD' };
    const roundId = String(3000 + seq);
    const betId = `gb-b${seq++}`;
    const bet = await gb({ type: 'bet', transactionId: betId, roundId, ...launch, amount: '1.00' });
    await settle();
    await mark(`GB Games bet of round ${roundId}`);
    const result = await gb({
      type: 'result',
      transactionId: `gb-r${seq++}`,
      betTransactionId: betId,
      roundId,
      ...launch,
      amount: win,
    });
    await settle();
    await mark(`GB Games result ${win} of round ${roundId}`);
    if (bet.status !== 200 || result.status !== 200) {
      throw new Error(`GB Games round ${roundId} failed: ${JSON.stringify([bet, result])}`);
    }
  }
  // Endorphina: a bet and its win in the usual shape (token, player, betTransactionId, id).
  for (const win of ['0', '2500']) {
    const roundId = String(4000 + seq);
    const base = {
      token: endoToken,
      player: plain!,
      currency: 'USD',
      game: endoGame,
      gameId: roundId,
      date: String(Date.now()),
    };
    const betId = `endo-b${seq++}`;
    const bet = await endo('bet', { ...base, amount: '1000', id: betId });
    await settle();
    await mark(`Endorphina bet of round ${roundId}`);
    const paid = await endo('win', {
      ...base,
      amount: win,
      betTransactionId: betId,
      id: `endo-w${seq++}`,
    });
    await settle();
    await mark(`Endorphina win ${win} of round ${roundId}`);
    if (bet.status !== 200 || paid.status !== 200) {
      throw new Error(`Endorphina round ${roundId} failed: ${JSON.stringify([bet, paid])}`);
    }
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
