import type { BetReceipt, SessionWallet } from '../game/session';
import type { Reconciler } from '../shared/reconciler';
import type { CallOutcome } from '../shared/retry';
import type { PragmaticWalletClient } from './wallet-client';

/**
 * A real-money Pragmatic session. A round is bet → result (the win, 0 included) → endRound;
 * the bet's and the result's `reference` are the round's own ids, so a retry repeats them.
 */
export function pragmaticSessionWallet(
  client: PragmaticWalletClient,
  reconciler: Reconciler,
  player: { userId: string; token: string; symbol: string },
): SessionWallet {
  const { userId, token, symbol } = player;
  return {
    balance: () => client.balance(userId, token),
    bet: async (round, amount) => {
      const outcome = await client.bet({
        userId,
        gameId: symbol,
        roundId: round.roundId,
        amount,
        reference: round.betId,
        timestamp: round.startedAt,
      });
      return outcome.kind === 'ok'
        ? {
            ...outcome,
            value: {
              balance: outcome.value.balance,
              operatorTransactionId: outcome.value.transactionId,
            } satisfies BetReceipt,
          }
        : outcome;
    },
    settle: async (round, _bet, win) => {
      const result = await client.result({
        userId,
        gameId: symbol,
        roundId: round.roundId,
        amount: win,
        reference: round.winId,
        timestamp: round.startedAt,
      });
      if (result.kind !== 'ok') return result;
      const end = { userId, gameId: symbol, roundId: round.roundId };
      const ended = await client.endRound(end);
      if (ended.kind === 'unconfirmed') {
        reconciler.add(
          `endRound ${round.roundId}`,
          async () => (await client.endRound(end)).kind !== 'unconfirmed',
        );
      }
      const balance =
        ended.kind === 'ok' ? (ended.value.balance ?? result.value.balance) : result.value.balance;
      return { ...result, value: balance };
    },
    refund: async (round, amount): Promise<CallOutcome<number | undefined>> => {
      const outcome = await client.refund({
        userId,
        reference: round.betId,
        amount,
        gameId: symbol,
        roundId: round.roundId,
      });
      return outcome.kind === 'ok' ? { ...outcome, value: undefined } : outcome;
    },
  };
}
