// The three ways `npm run bench:wallet` plays a round through the ledger (bench-wallet.ts):
// over HTTP to the real server, in process through the ledger's modules, and the ledger's own
// statements alone on a bare pool. The fixed baseline is bench-wallet-load.ts's.
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { liveLaunchCondition } from '../src/features/game-sessions/launch-repository';
import type { Ledger } from '../src/features/wallet/ledger';
import { applyStatement } from '../src/features/wallet/ledger-apply';
import type { PairSender, PragmaticClient } from './bench-wallet-load';

export interface Round {
  /** The player of pair i. */
  player(i: number): string;
  /** A fresh reference (unique in the run, at most 32 characters). */
  reference(): string;
  /** A fresh round id, in the sender's own range. */
  roundId(range: number): string;
  gameSymbol: string;
}

/** Over HTTP: bet.html, then result.html for the same round (not sent if the bet failed). */
export function viaHttp(round: Round, client: PragmaticClient): PairSender {
  return async (i, latencies) => {
    const params = {
      userId: round.player(i),
      gameId: round.gameSymbol,
      roundId: round.roundId(1),
      timestamp: String(Date.now()),
      roundDetails: 'spin',
    };
    let t0 = performance.now();
    const bet = await client('bet', { ...params, amount: '1.00', reference: round.reference() });
    latencies.push(performance.now() - t0);
    if (!bet.ok) return 1;
    t0 = performance.now();
    const win = await client('result', {
      ...params,
      amount: i % 3 === 0 ? '2.50' : '0.00',
      reference: round.reference(),
    });
    latencies.push(performance.now() - t0);
    return win.ok ? 0 : 1;
  };
}

/**
 * The ledger's own bet statement, then its win statement (ledger_apply), on a bare pg Pool as
 * named prepared statements: what the ledger's SQL costs without the server (it moves with the code, so it
 * judges the HTTP layer, never the ledger: the fixed baseline does that).
 */
export function viaOwnStatements(round: Round, pool: pg.Pool): PairSender {
  return async (i, latencies) => {
    const userId = round.player(i);
    const roundId = round.roundId(2);
    const statement = (kind: 'bet' | 'win', delta: bigint) => {
      const txId = round.reference();
      return applyStatement({
        kind,
        userId,
        delta,
        currency: 'USD',
        provider: 'bench-sql',
        operation: kind === 'bet' ? 'bet' : 'result',
        txId,
        betTxId: kind === 'bet' ? txId : null,
        gameId: round.gameSymbol,
        roundId,
        request: {
          userId,
          amount: (delta < 0n ? -delta : delta).toString(),
          currency: 'USD',
          gameId: round.gameSymbol,
          roundId,
        },
        meta: JSON.stringify({ timestamp: String(Date.now()), roundDetails: 'spin' }),
        now: new Date(),
        admission: null,
      });
    };
    try {
      let t0 = performance.now();
      const bet = statement('bet', -1000n);
      const applied = await pool.query<{ outcome: string }>({
        name: 'bench_bet',
        text: bet.statement.text,
        values: [...bet.values],
      });
      latencies.push(performance.now() - t0);
      if (applied.rows[0]?.outcome !== 'applied') return 1;
      t0 = performance.now();
      const win = statement('win', i % 3 === 0 ? 2500n : 0n);
      const credited = await pool.query<{ outcome: string }>({
        name: 'bench_win',
        text: win.statement.text,
        values: [...win.values],
      });
      latencies.push(performance.now() - t0);
      return credited.rows[0]?.outcome === 'applied' ? 0 : 1;
    } catch {
      return 1;
    }
  };
}

/**
 * In process, no HTTP: what the bet and result handlers ask of the database (postBet with its
 * live-launch condition, postWin) through the server's own ledger and a pool of its size.
 */
export function viaCode(round: Round, ledger: Ledger): PairSender {
  return async (i, latencies) => {
    const userId = round.player(i);
    const base = {
      userId,
      currency: 'USD',
      provider: 'bench-code',
      gameId: round.gameSymbol,
      roundId: round.roundId(3),
    };
    const meta = { timestamp: String(Date.now()), roundDetails: 'spin' };
    try {
      let t0 = performance.now();
      // The bet's live-launch check runs inside its statement, as the handler does it.
      const admission = liveLaunchCondition({
        userId,
        provider: 'pragmatic',
        providerGameId: round.gameSymbol,
        now: new Date(),
      });
      await ledger.postBet({ ...base, amount: 1000n, txId: round.reference(), meta, admission });
      latencies.push(performance.now() - t0);
      t0 = performance.now();
      await ledger.postWin({
        ...base,
        amount: i % 3 === 0 ? 2500n : 0n,
        txId: round.reference(),
        operation: 'result',
        meta,
      });
      latencies.push(performance.now() - t0);
      return 0;
    } catch {
      return 1;
    }
  };
}
