import type { CallOutcome } from '../shared/retry';
import type { BetReceipt, SessionWallet } from './session';

/** Play money kept by the studio: demo mode never touches the operator. */
export function demoWallet(startingBalance: number): SessionWallet {
  let balance = startingBalance;
  const ok = <T>(value: T): CallOutcome<T> => ({ kind: 'ok', value, attempts: 1 });
  return {
    balance: () => Promise.resolve(ok(balance)),
    bet: (round, amount) => {
      if (amount > balance) {
        return Promise.resolve({
          kind: 'refused',
          code: 'INSUFFICIENT_FUNDS',
          message: 'not enough play money',
          attempts: 1,
        });
      }
      balance -= amount;
      return Promise.resolve(ok<BetReceipt>({ balance, operatorTransactionId: round.betId }));
    },
    settle: (_round, _bet, win) => {
      balance += win;
      return Promise.resolve(ok(balance));
    },
    refund: (_round, amount) => {
      balance += amount;
      return Promise.resolve(ok<number | undefined>(balance));
    },
  };
}
