import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openPostgres } from '../src/db/postgres-connection';
import { endorphinaSign } from '../src/features/providers/endorphina/signature';
import { systemClock } from '../src/lib/clock';
import { createTestPlayer } from '../test/helpers/games';
import { markIdentityVerified } from '../test/helpers/identity';
import { recordTestLaunch } from '../test/helpers/launch-tokens';
import { buildServerBundle } from '../test/helpers/server-bundle';
import { spawnServer, type SpawnedServer } from '../test/helpers/spawn-server';
import { testSecrets } from '../test/helpers/test-app';
import { loadCalls, randomInt, type LoadContext, type Player } from './fault-load-calls';
import { checkAfterLoad } from './fault-load-check';
import type { FaultLoadReport, PostingKind } from './fault-load-report';

export type { FaultLoadReport, PostingKind, Recovery } from './fault-load-report';

/**
 * Money under faults (issue 17, decision 055): a load of the ways money moves, each through
 * its real protocol against a real server process on PostgreSQL —
 * - Endorphina's wallet callbacks (signed form POSTs): bets, wins paying them, refunds, and
 *   replays of calls already answered (as a studio whose answer was lost sends them again);
 * - card deposits through the cashier API and the embedded card service (tokenise, then
 *   `POST /api/payments/card/deposits`, approved card: credited in the answer);
 * - crypto withdrawals (`POST /api/payments/crypto/withdrawals`: the money is taken at once)
 *   and cancellations of some of them (the money comes back);
 * - operator adjustments (credits and debits);
 * - bonuses: each player claims the $10 free-credit offer once (`POST /api/bonus/claim`) and
 *   some cancel it (`POST /api/bonus/:id/cancel`, what is left forfeited); while one is
 *   active its bets wager it and withdrawals are refused (409 WITHDRAWAL_BONUS_ACTIVE) —
 * while the server process is SIGKILLed and restarted several times and PostgreSQL is
 * restarted (`restartDatabase`: a real restart in the bench, a TCP proxy that cuts and
 * refuses connections in the suite). Every call is sent again with its key until it gets a
 * definite answer; each logical call's effect is counted once, on that answer. Afterwards
 * every balance must equal what the answers imply (nothing lost, nothing applied twice, none
 * negative), and the caller runs ledger:check. A bonus's money is what its row says it was
 * granted less what it says was forfeited (a cancel, or the over-the-cap part of a
 * conversion): the balance must agree with the bonus rows as with the answers.
 *
 * The server is the production bundle (`node dist/server.js`, built into a scratch folder),
 * as an operator runs it: recovery is measured on what ships, not on tsx compiling at start.
 */
export interface FaultLoadOptions {
  /** Where the players are created and balances read (direct to PostgreSQL). */
  databaseUrl: string;
  /** What the server connects to (a proxy in front of `databaseUrl`); default databaseUrl. */
  serverDatabaseUrl?: string;
  players: number;
  workers: number;
  kills: number;
  /** Pause between one fault's recovery and the next fault. */
  faultEveryMs: number;
  /**
   * Restarts PostgreSQL (or plays it), resolving once it accepts connections again; done
   * once, after half of the kills. Absent: no database restart.
   */
  restartDatabase?: () => Promise<void>;
  /** A production bundle already built (the test tier's); absent: one is built for the run. */
  bundle?: string;
  /**
   * After the last fault, the load goes on until each of these kinds has been answered at
   * least once in the run (at most `coverageLimitMs` more): a test that asserts every kind
   * took part then does not depend on how fast a loaded machine got through the faults'
   * fixed pauses (a CI run under load once ended with no withdrawal at all).
   */
  untilEach?: PostingKind[];
  log?: (line: string) => void;
}

/** The most the load goes on after the last fault for `untilEach`. */
const coverageLimitMs = 45_000;

const operatorToken = `faults-${randomBytes(16).toString('hex')}`;
const serverEnv = (databaseUrl: string, dataDir: string) => ({
  NODE_ENV: 'development',
  // 'info': spawnServer waits for the "Server listening" line.
  LOG_LEVEL: 'info',
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  OPERATOR_API_TOKEN: operatorToken,
  // The players' access tokens are signed by createTestPlayer with the test secret.
  ...testSecrets,
  // Each player comes from an address of its own (X-Forwarded-For), so the cashier's
  // per-address submission limit applies per player, as in real traffic.
  TRUST_PROXY: 'true',
});

/** A restart that has not answered after this long is a failure of the run, not a wait. */
const recoveryLimitMs = 60_000;
export async function runFaultLoad(options: FaultLoadOptions): Promise<FaultLoadReport> {
  const log = options.log ?? (() => undefined);
  const serverDatabaseUrl = options.serverDatabaseUrl ?? options.databaseUrl;
  const dataDir = await mkdtemp(join(tmpdir(), 'casino-faults-'));
  const build = options.bundle
    ? { entry: options.bundle, remove: () => Promise.resolve() }
    : await buildServerBundle('faults');
  const start = () => spawnServer([build.entry], serverEnv(serverDatabaseUrl, dataDir));
  let server: SpawnedServer = start();
  // Listening means migrated and the catalog synced: the tables and games exist.
  let base = await server.listening;

  const salt = (
    JSON.parse(await readFile(join(dataDir, 'providers.json'), 'utf8')) as {
      endorphinaSalt: string;
    }
  ).endorphinaSalt;
  const db = openPostgres({ url: options.databaseUrl, max: 2 });
  const players: Player[] = [];
  let game: string;
  try {
    const { rows } = await db.$client.query<{ id: string; provider_game_id: string }>(
      `select id, provider_game_id from games where provider = 'endorphina' order by id limit 1`,
    );
    const row = rows[0];
    if (!row) throw new Error('no Endorphina game in the catalog');
    game = row.provider_game_id;
    for (let i = 0; i < options.players; i++) {
      const p = await createTestPlayer(db, systemClock, 0n);
      // The first withdrawal needs a verified identity (decision 052); the check itself is
      // tested in test/identity/, here it is a player's state before the load.
      await markIdentityVerified(db, p.id);
      const token = await recordTestLaunch(db, systemClock, {
        provider: 'endorphina',
        gameId: row.id,
        userId: p.id,
        sessionId: p.sessionId,
        ttlSeconds: 3 * 3600,
      });
      players.push({
        id: p.id,
        authorization: p.authorization.authorization,
        token,
        address: `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      });
    }
  } finally {
    await db.close();
  }

  const confirmed = new Map<string, bigint>(players.map((p) => [p.id, 0n]));
  const report: FaultLoadReport = {
    postings: {
      bet: 0,
      win: 0,
      refund: 0,
      deposit: 0,
      withdrawal: 0,
      withdrawalCanceled: 0,
      adjustment: 0,
      bonusClaimed: 0,
      bonusCanceled: 0,
    },
    replays: 0,
    refusals: 0,
    depositsUnsettled: {},
    retries: 0,
    kills: 0,
    databaseRestarts: 0,
    recoveries: [],
    mismatches: [],
    paymentsOff: [],
    negative: 0,
  };

  const ctx: LoadContext = {
    base: () => base,
    salt,
    game,
    operatorToken,
    report,
    credit: (p, amount) => confirmed.set(p.id, confirmed.get(p.id)! + amount),
    unsettled: [],
  };
  const { untilDefinite, unexpected, playRound, cardDeposit, withdrawal, adjustment, bonusAction } =
    loadCalls(ctx);
  const timeout = () => AbortSignal.timeout(5_000);

  // ---- The load ---------------------------------------------------------------------------
  let stopping = false;
  const worker = async (index: number) => {
    const sent: (() => Promise<Response>)[] = [];
    while (!stopping) {
      const p = players[(index + randomInt(0, players.length - 1)) % players.length]!;
      const pick = Math.random();
      if (sent.length > 0 && pick < 0.1) {
        // A replay: a call already answered, sent again (its answer lost on the way).
        const call = sent[randomInt(0, sent.length - 1)]!;
        await untilDefinite(call, async (res) => {
          if (res.status === 200) return true;
          if (res.status >= 500) return undefined;
          throw await unexpected('replay', res);
        });
        report.replays += 1;
      } else if (pick < 0.56) await playRound(p, sent);
      else if (pick < 0.6) await bonusAction(p);
      else if (pick < 0.72) await cardDeposit(p);
      else if (pick < 0.82) await withdrawal(p);
      else await adjustment(p, sent);
    }
  };

  /** Until /api/health answers 200 and, separately, an Endorphina callback succeeds. */
  const recovery = async (from: number) => {
    const p = players[0]!;
    const poll = async (ok: () => Promise<boolean>) => {
      for (;;) {
        if (await ok().catch(() => false)) return Date.now() - from;
        if (Date.now() - from > recoveryLimitMs) {
          throw new Error(`no recovery within ${recoveryLimitMs} ms`);
        }
        await sleep(20);
      }
    };
    const [healthMs, callbackMs] = await Promise.all([
      poll(async () => (await fetch(`${base}/api/health`, { signal: timeout() })).status === 200),
      poll(async () => {
        const params = { token: p.token };
        const query = new URLSearchParams({ ...params, sign: endorphinaSign(params, salt) });
        const res = await fetch(`${base}/api/endo-game/wallet/balance?${query.toString()}`, {
          signal: timeout(),
        });
        return res.status === 200;
      }),
    ]);
    return { healthMs, callbackMs };
  };

  const workers = Array.from({ length: options.workers }, (_, i) => worker(i));
  const total = () => Object.values(report.postings).reduce((a, b) => a + b, 0);
  const progress = setInterval(() => {
    log(`… ${total()} postings, ${report.retries} retries`);
  }, 5_000);
  let failed: Error | undefined;
  const watchWorkers = Promise.all(workers).catch((error: unknown) => {
    failed = error instanceof Error ? error : new Error(String(error));
    stopping = true;
  });
  const faults = async () => {
    const restartAfter = Math.ceil(options.kills / 2);
    for (let fault = 0; fault < options.kills && !stopping; fault++) {
      await sleep(options.faultEveryMs);
      const killedAt = Date.now();
      server.stop('SIGKILL');
      await server.exited;
      report.kills += 1;
      server = start();
      base = await server.listening;
      const r = await recovery(killedAt);
      report.recoveries.push({ fault: 'kill', ...r });
      log(`kill ${fault + 1}: health after ${r.healthMs} ms, a callback after ${r.callbackMs} ms`);
      if (fault + 1 === restartAfter && options.restartDatabase) {
        await sleep(options.faultEveryMs);
        const downAt = Date.now();
        await options.restartDatabase();
        const backAt = Date.now();
        report.databaseRestarts += 1;
        const d = await recovery(backAt);
        report.recoveries.push({ fault: 'postgres', ...d, downMs: backAt - downAt });
        log(
          `PostgreSQL restart (${backAt - downAt} ms down): health after ${d.healthMs} ms, ` +
            `a callback after ${d.callbackMs} ms`,
        );
      }
    }
    if (!stopping) await sleep(options.faultEveryMs);
    const missing = () => (options.untilEach ?? []).filter((kind) => report.postings[kind] === 0);
    const coverageFrom = Date.now();
    while (!stopping && missing().length > 0 && Date.now() - coverageFrom < coverageLimitMs) {
      await sleep(100);
    }
  };
  try {
    await faults();
  } catch (error) {
    failed ??= error instanceof Error ? error : new Error(String(error));
  } finally {
    stopping = true;
    await watchWorkers;
    clearInterval(progress);
    server.stop('SIGTERM');
    const exit = await server.exited;
    if (failed !== undefined || process.env.FAULT_SERVER_LOG) {
      // What the last server said about it, without the request lines.
      const said = exit.stdout
        .split(/\n(?=\[)/)
        .filter((entry) => /^\[[\d:.]+\] (WARN|ERROR|FATAL)/.test(entry))
        .slice(-12)
        .map((entry) => entry.slice(0, 1_500));
      log(`the last server's warnings and errors:\n${said.join('\n')}\n${exit.stderr}`);
    }
    await rm(dataDir, { recursive: true, force: true });
    await build.remove();
  }
  if (failed) throw failed;

  await checkAfterLoad(options.databaseUrl, players, confirmed, ctx);
  return report;
}
