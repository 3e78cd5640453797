import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { openPostgres } from '../src/db/postgres-connection';
import { endorphinaSign } from '../src/features/providers/endorphina/signature';
import { systemClock } from '../src/lib/clock';
import { createTestPlayer } from '../test/helpers/games';
import { markIdentityVerified } from '../test/helpers/identity';
import { recordTestLaunch } from '../test/helpers/launch-tokens';
import { buildServerBundle } from '../test/helpers/server-bundle';
import { spawnServer, type SpawnedServer } from '../test/helpers/spawn-server';
import { testSecrets } from '../test/helpers/test-app';

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
  log?: (line: string) => void;
}

export interface Recovery {
  fault: 'kill' | 'postgres';
  /** From the SIGKILL, or from PostgreSQL accepting again, to the first /api/health 200. */
  healthMs: number;
  /** The same, to the first successful provider callback (Endorphina `balance`). */
  callbackMs: number;
  /** PostgreSQL restarts: how long it was down (the restart itself). */
  downMs?: number;
}

export interface FaultLoadReport {
  /** Answered postings by kind (each logical call once). */
  postings: Record<PostingKind, number>;
  /** Calls sent again after their definite answer, answered the same way, moving nothing. */
  replays: number;
  /** Definite refusals (not enough money): nothing moved. */
  refusals: number;
  /**
   * Deposits not answered "succeeded" (the card the restarted card service no longer knew,
   * or an answer still "pending" after a kill), by the payment's status at the end: a
   * deposit whose payment later became "succeeded" (a webhook) must be credited once, the
   * others not at all.
   */
  depositsUnsettled: Record<string, number>;
  /** Attempts sent again because the previous one had no definite answer. */
  retries: number;
  kills: number;
  databaseRestarts: number;
  recoveries: Recovery[];
  /** Players whose balance differs from the answers (empty when right). */
  mismatches: string[];
  /**
   * Payments whose row disagrees with the ledger (empty when right): a deposit is
   * "succeeded" exactly when its credit was posted; a withdrawal was debited unless it is
   * still "requested" (never completed), and given back exactly when it is canceled,
   * rejected or failed.
   */
  paymentsOff: string[];
  negative: number;
}

export type PostingKind =
  | 'bet'
  | 'win'
  | 'refund'
  | 'deposit'
  | 'withdrawal'
  | 'withdrawalCanceled'
  | 'adjustment'
  | 'bonusClaimed'
  | 'bonusCanceled';

/** The seeded "$10 free" offer (migration 0009): once per player, credited at once. */
const freeCreditOffer = 'free-10';
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

interface Player {
  id: string;
  /** The free-credit claim was sent (once per player: the offer is once per player). */
  bonusClaimSent?: boolean;
  authorization: string;
  /** Endorphina launch token. */
  token: string;
  address: string;
}

/** "12.34" → thousandths. */
const thousandths = (amount: string) => BigInt(Math.round(Number(amount) * 100)) * 10n;
const dollars = (cents: number) => (cents / 100).toFixed(2);
const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const trcAddress = () => {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let text = 'T';
  for (let i = 0; i < 33; i++) text += alphabet[randomInt(0, alphabet.length - 1)];
  return text;
};

class Unexpected extends Error {}

/** A restart that has not answered after this long is a failure of the run, not a wait. */
const recoveryLimitMs = 60_000;
/** A call without a definite answer for this long fails the run (see untilDefinite). */
const stuckAfterMs = 45_000;

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
  const unsettled: { player: Player; key: string; amount: bigint; answered: string }[] = [];
  const credit = (p: Player, amount: bigint) => {
    confirmed.set(p.id, confirmed.get(p.id)! + amount);
  };
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

  /**
   * Sends until `decide` returns a definite result; undefined from `decide` (or no answer:
   * a kill, a refused connection) means "send again", as every sender in the protocols does.
   */
  const untilDefinite = async <T>(
    send: () => Promise<Response>,
    decide: (res: Response) => Promise<T | undefined>,
  ): Promise<T> => {
    const began = Date.now();
    let last: string;
    for (;;) {
      try {
        const res = await send();
        last = `${res.status}`;
        const result = await decide(res.clone());
        if (result !== undefined) return result;
        last = `${res.status} ${await res.text()}`;
        if (res.status === 429) {
          await sleep(Number(res.headers.get('retry-after') ?? '1') * 1000);
        }
      } catch (error) {
        if (error instanceof Unexpected) throw error;
        last = String(error);
      }
      // A call that cannot get a definite answer long after every fault is over is a bug
      // (a stuck state), not something to wait for.
      if (Date.now() - began > stuckAfterMs) {
        throw new Unexpected(`no definite answer after ${stuckAfterMs} ms; last: ${last}`);
      }
      report.retries += 1;
      await sleep(50);
    }
  };
  const unexpected = async (what: string, res: Response) =>
    new Unexpected(`unexpected answer to ${what}: ${res.status} ${await res.text()}`);
  const timeout = () => AbortSignal.timeout(5_000);

  // ---- Endorphina callbacks -------------------------------------------------------------
  const endo = (call: string, params: Record<string, string>) => () =>
    fetch(`${base}/api/endo-game/wallet/${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...params, sign: endorphinaSign(params, salt) }).toString(),
      signal: timeout(),
    });
  /** 'ok' | 'refused' once definite; INTERNAL_ERROR (500) and no answer are sent again. */
  const endoOutcome = (what: string) => async (res: Response) => {
    if (res.status === 200) return 'ok' as const;
    if (res.status === 402) return 'refused' as const;
    if (res.status >= 500) return undefined;
    throw await unexpected(what, res);
  };

  const playRound = async (p: Player, sent: (() => Promise<Response>)[]) => {
    const betId = `b-${randomUUID()}`;
    const round = String(randomInt(1, 2 ** 40));
    const date = String(Date.now());
    const amount = randomInt(100, 5_000); // thousandths, like the protocol: 0.10–5.00
    const bet = endo('bet', {
      token: p.token,
      player: p.id,
      currency: 'USD',
      game,
      amount: String(amount),
      gameId: round,
      date,
      id: betId,
    });
    if ((await untilDefinite(bet, endoOutcome('bet'))) === 'refused') {
      report.refusals += 1;
      return;
    }
    report.postings.bet += 1;
    credit(p, -BigInt(amount));
    sent.push(bet);
    const end = Math.random();
    if (end < 0.6) {
      const win = randomInt(0, 2 * amount);
      const call = endo('win', {
        token: p.token,
        player: p.id,
        currency: 'USD',
        game,
        amount: String(win),
        gameId: round,
        date,
        id: `w-${randomUUID()}`,
        betTransactionId: betId,
      });
      if ((await untilDefinite(call, endoOutcome('win'))) !== 'ok') throw new Error('win refused');
      report.postings.win += 1;
      credit(p, BigInt(win));
      sent.push(call);
    } else if (end < 0.8) {
      const call = endo('refund', {
        token: p.token,
        player: p.id,
        currency: 'USD',
        game,
        amount: String(amount),
        gameId: round,
        date,
        id: betId,
      });
      if ((await untilDefinite(call, endoOutcome('refund'))) !== 'ok') {
        throw new Error('refund refused');
      }
      report.postings.refund += 1;
      credit(p, BigInt(amount));
      sent.push(call);
    }
  };

  // ---- Cashier ----------------------------------------------------------------------------
  const player = (p: Player) => ({
    authorization: p.authorization,
    'x-forwarded-for': p.address,
    'content-type': 'application/json',
  });
  const json = async <T>(res: Response) => (await res.json()) as T;

  const cardDeposit = async (p: Player) => {
    const amount = dollars(randomInt(1_000, 20_000));
    const key = randomUUID();
    let paymentMethod: string | undefined;
    const status = await untilDefinite(
      async () => {
        // The card service lives in the server process: a card tokenised before a kill is
        // unknown after it, so a submission not yet stored goes with a fresh token.
        paymentMethod ??= await tokenise(p);
        return fetch(`${base}/api/payments/card/deposits`, {
          method: 'POST',
          headers: player(p),
          body: JSON.stringify({ amount, payment_method: paymentMethod, idempotency_key: key }),
          signal: timeout(),
        });
      },
      async (res) => {
        if (res.status === 200 || res.status === 201) {
          return (await json<{ status: string }>(res)).status;
        }
        if (res.status === 400) {
          // "Unknown card": the service restarted between tokenising and submitting, and no
          // payment was stored under the key (else the card would not be asked about).
          return 'declined';
        }
        if (res.status >= 500 || res.status === 429) return undefined;
        throw await unexpected('card deposit', res);
      },
    );
    if (status === 'succeeded') {
      report.postings.deposit += 1;
      credit(p, thousandths(amount));
    } else unsettled.push({ player: p, key, amount: thousandths(amount), answered: status });
  };

  const tokenise = async (p: Player): Promise<string> => {
    const config = await fetch(`${base}/api/payments/config`, {
      headers: player(p),
      signal: timeout(),
    });
    if (config.status !== 200) throw new Error(`config ${config.status}`);
    const card = (await json<{ card: { tokenize_url: string; publishable_key: string } }>(config))
      .card;
    const res = await fetch(`${base}${new URL(card.tokenize_url, base).pathname}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${card.publishable_key}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        type: 'card',
        card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' },
      }),
      signal: timeout(),
    });
    if (res.status !== 200) throw new Error(`tokenise ${res.status}`);
    return (await json<{ id: string }>(res)).id;
  };

  const withdrawal = async (p: Player) => {
    const amount = dollars(randomInt(2_000, 10_000));
    const body = JSON.stringify({
      amount,
      net: 'TRC',
      address: trcAddress(),
      idempotency_key: randomUUID(),
    });
    const send = () =>
      fetch(`${base}/api/payments/crypto/withdrawals`, {
        method: 'POST',
        headers: player(p),
        body,
        signal: timeout(),
      });
    const id = await untilDefinite(send, async (res) => {
      if (res.status === 200 || res.status === 201) return (await json<{ id: string }>(res)).id;
      if (res.status === 409) {
        const code = (await json<{ error?: { code?: string } }>(res)).error?.code;
        // Over the balance, or a bonus is being wagered (decision 039): nothing moved.
        if (code === 'INSUFFICIENT_FUNDS' || code === 'WITHDRAWAL_BONUS_ACTIVE') return null;
        throw new Unexpected(`withdrawal: 409 ${code}`);
      }
      if (res.status >= 500 || res.status === 429) return undefined;
      throw await unexpected('withdrawal', res);
    });
    if (id === null) {
      report.refusals += 1;
      return;
    }
    report.postings.withdrawal += 1;
    credit(p, -thousandths(amount));
    // The player's repeat of the same submission: the same payment, nothing taken twice.
    const again = await untilDefinite(send, async (res) =>
      res.status === 200 || res.status === 201 ? (await json<{ id: string }>(res)).id : undefined,
    );
    if (again !== id) throw new Unexpected(`a repeated withdrawal made payment ${again}`);
    report.replays += 1;
    if (Math.random() < 0.5) return;
    const canceled = await untilDefinite(
      () =>
        fetch(`${base}/api/payments/${id}/cancel`, {
          method: 'POST',
          headers: player(p),
          body: '{}',
          signal: timeout(),
        }),
      async (res) => {
        if (res.status === 200) return true;
        if (res.status === 409) {
          // Not pending any more: our own earlier attempt canceled it (its answer was lost).
          const payment = await fetch(`${base}/api/payments/${id}`, {
            headers: player(p),
            signal: timeout(),
          });
          if (payment.status !== 200) return undefined;
          const status = (await json<{ status: string }>(payment)).status;
          if (status === 'canceled') return true;
          throw new Unexpected(`cancel: 409 and the payment is ${status}`);
        }
        if (res.status >= 500 || res.status === 429) return undefined;
        throw await unexpected('cancel', res);
      },
    );
    if (canceled) {
      report.postings.withdrawalCanceled += 1;
      credit(p, thousandths(amount));
    }
  };

  // ---- Operator adjustments --------------------------------------------------------------
  const adjustment = async (p: Player, sent: (() => Promise<Response>)[]) => {
    const amount = `${Math.random() < 0.6 ? '' : '-'}${dollars(randomInt(1, 5_000))}`;
    const key = randomUUID();
    const call = () =>
      fetch(`${base}/api/operator/wallet/adjustments`, {
        method: 'POST',
        headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          user: p.id,
          amount,
          reason: 'fault load',
          idempotencyKey: `faults-${p.id}-${key}`,
        }),
        signal: timeout(),
      });
    const outcome = await untilDefinite(call, async (res) => {
      if (res.status === 200) return 'ok';
      if (res.status === 409) {
        const code = (await json<{ error?: { code?: string } }>(res)).error?.code;
        if (code === 'INSUFFICIENT_FUNDS') return 'refused';
        throw new Unexpected(`adjustment: 409 ${code}`);
      }
      if (res.status >= 500) return undefined;
      throw await unexpected('adjustment', res);
    });
    if (outcome === 'refused') {
      report.refusals += 1;
      return;
    }
    report.postings.adjustment += 1;
    credit(p, thousandths(amount));
    sent.push(call);
  };

  // ---- Bonuses ------------------------------------------------------------------------------
  /**
   * The player's first bonus action claims the free credit; later ones cancel the open bonus
   * if there is one. A claim or a cancel whose answer was lost is answered 409 when sent again
   * (the bonus is open, claimed, or ended): nothing more moves, and the end check reads what
   * the bonus rows say was granted and forfeited.
   */
  const bonusAction = async (p: Player) => {
    const bonusCall = (path: string, body: Record<string, string>) => () =>
      fetch(`${base}/api/bonus${path}`, {
        method: 'POST',
        headers: player(p),
        body: JSON.stringify(body),
        signal: timeout(),
      });
    const outcome = (what: string) => async (res: Response) => {
      if (res.status === 200 || res.status === 201) return 'ok' as const;
      if (res.status === 409) return 'refused' as const;
      if (res.status >= 500 || res.status === 429) return undefined;
      throw await unexpected(what, res);
    };
    if (!p.bonusClaimSent) {
      p.bonusClaimSent = true;
      const claimed = await untilDefinite(
        bonusCall('/claim', { offer_id: freeCreditOffer }),
        outcome('bonus claim'),
      );
      if (claimed === 'ok') report.postings.bonusClaimed += 1;
      return;
    }
    const open = await untilDefinite(
      () => fetch(`${base}/api/bonus`, { headers: player(p), signal: timeout() }),
      async (res) => {
        if (res.status === 200) {
          return {
            bonus: (await json<{ active: { id: string; status: string } | null }>(res)).active,
          };
        }
        if (res.status >= 500 || res.status === 429) return undefined;
        throw await unexpected('bonus page', res);
      },
    );
    if (open.bonus?.status !== 'active') return;
    const canceled = await untilDefinite(
      bonusCall(`/${open.bonus.id}/cancel`, {}),
      outcome('bonus cancel'),
    );
    if (canceled === 'ok') report.postings.bonusCanceled += 1;
  };

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

  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ user_id: string; balance: string }>(
      `select user_id, balance::text as balance from wallets where user_id = any($1)`,
      [players.map((p) => p.id)],
    );
    const balances = new Map(rows.map((r) => [r.user_id, BigInt(r.balance)]));
    // The deposits answered "declined" or "pending": what their payment says now.
    for (const deposit of unsettled) {
      const { rows: found } = await client.query<{ status: string }>(
        `select status from payments where user_id = $1 and idempotency_key = $2`,
        [deposit.player.id, deposit.key],
      );
      const status = found[0]?.status ?? 'not stored';
      const label = `answered ${deposit.answered}, now ${status}`;
      report.depositsUnsettled[label] = (report.depositsUnsettled[label] ?? 0) + 1;
      if (status === 'succeeded') {
        report.postings.deposit += 1;
        credit(deposit.player, deposit.amount);
      }
    }
    const { rows: payments } = await client.query<{
      id: string;
      direction: string;
      status: string;
      posted: boolean;
      reversed: boolean;
    }>(
      `select p.id, p.direction, p.status,
         exists (select 1 from ledger_entries e where e.provider = 'operator'
                   and e.operation = p.direction and e.provider_tx_id = p.id::text) as posted,
         exists (select 1 from ledger_entries e where e.provider = 'operator'
                   and e.operation = 'withdrawal_reversal' and e.provider_tx_id = p.id::text)
           as reversed
       from payments p where p.user_id = any($1)`,
      [players.map((p) => p.id)],
    );
    for (const row of payments) {
      const given = ['canceled', 'rejected', 'failed'].includes(row.status);
      const right =
        row.direction === 'deposit'
          ? row.posted === (row.status === 'succeeded') && !row.reversed
          : row.status === 'requested'
            ? !row.posted && !row.reversed
            : row.posted && row.reversed === given;
      if (!right) {
        report.paymentsOff.push(
          `${row.direction} ${row.id} is ${row.status}: ` +
            `posted ${row.posted}, given back ${row.reversed}`,
        );
      }
    }
    // Bonus money: granted less forfeited, as the bonus rows say.
    const { rows: bonuses } = await client.query<{ user_id: string; net: string }>(
      `select user_id, (sum(amount) - sum(coalesce(forfeited_amount, 0)))::text as net
       from player_bonuses where user_id = any($1) group by user_id`,
      [players.map((p) => p.id)],
    );
    for (const b of bonuses) {
      const p = players.find((q) => q.id === b.user_id);
      if (p) credit(p, BigInt(b.net));
    }
    for (const p of players) {
      const balance = balances.get(p.id) ?? 0n;
      if (balance < 0n) report.negative += 1;
      if (balance !== confirmed.get(p.id)) {
        report.mismatches.push(
          `${p.id}: ${balance} in the wallet, ${confirmed.get(p.id)} answered`,
        );
      }
    }
  } finally {
    await client.end();
  }
  return report;
}
