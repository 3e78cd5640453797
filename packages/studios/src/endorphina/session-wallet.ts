import type { BetReceipt, SessionWallet } from '../game/session';
import type { CallOutcome } from '../shared/retry';
import type { EndorphinaWalletClient, MoneyCall, SessionInfo } from './wallet-client';

const mapOk = <A, B>(outcome: CallOutcome<A>, f: (a: A) => B): CallOutcome<B> =>
  outcome.kind === 'ok' ? { ...outcome, value: f(outcome.value) } : outcome;

/** A real-money session: each wallet operation is an EndoAPI callback to the operator. */
export function endorphinaSessionWallet(
  client: EndorphinaWalletClient,
  token: string,
  info: SessionInfo,
): SessionWallet {
  const base = (gameId: string, amount: number, date: number): MoneyCall => ({
    token,
    currency: info.currency,
    game: info.game,
    player: info.player,
    amount,
    gameId,
    date,
  });
  return {
    balance: () => client.balance(token),
    bet: async (round, amount) =>
      mapOk(
        await client.bet({ ...base(round.roundId, amount, round.startedAt), id: round.betId }),
        (p): BetReceipt => ({ balance: p.balance, operatorTransactionId: p.transactionId }),
      ),
    settle: async (round, _bet, win, receipt) =>
      mapOk(
        await client.win({
          ...base(round.roundId, win, round.startedAt),
          id: win > 0 ? round.winId : undefined,
          betTransactionId: receipt.operatorTransactionId,
        }),
        (p) => p.balance,
      ),
    refund: async (round, amount) =>
      mapOk(
        await client.refund({ ...base(round.roundId, amount, round.startedAt), id: round.betId }),
        (p): number | undefined => p.balance,
      ),
    end: async () => {
      await client.endSession(token);
    },
  };
}
