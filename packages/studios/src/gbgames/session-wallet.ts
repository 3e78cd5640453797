import type { SessionWallet } from '../game/session';
import type { GbPlayer, GbWalletClient } from './wallet-client';

/** A real-money GB Games session: bet, then result (0 included); refund for an unconfirmed bet. */
export function gbSessionWallet(client: GbWalletClient, player: GbPlayer): SessionWallet {
  return {
    balance: () => client.balance(player),
    bet: async (round, amount) => {
      const outcome = await client.bet(player, {
        transactionId: round.betId,
        roundId: round.roundId,
        amount,
      });
      return outcome.kind === 'ok'
        ? {
            ...outcome,
            value: {
              balance: outcome.value.balance,
              operatorTransactionId: outcome.value.transactionId,
            },
          }
        : outcome;
    },
    settle: async (round, _bet, win) => {
      const outcome = await client.result(player, {
        transactionId: round.winId,
        betTransactionId: round.betId,
        roundId: round.roundId,
        amount: win,
      });
      return outcome.kind === 'ok' ? { ...outcome, value: outcome.value.balance } : outcome;
    },
    refund: async (round, amount) => {
      const outcome = await client.refund(player, {
        transactionId: round.refundId,
        betTransactionId: round.betId,
        roundId: round.roundId,
        amount,
      });
      return outcome.kind === 'ok' ? { ...outcome, value: outcome.value.balance } : outcome;
    },
  };
}
