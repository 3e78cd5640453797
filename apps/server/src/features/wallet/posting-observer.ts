import type { BonusTransaction, Ledger } from './ledger';
import type { PostingResult } from './ledger-types';
import { WalletError } from './wallet-errors';

/** One posting's outcome, as metrics count it: no player, amount or id, only bounded words. */
export interface PostingObservation {
  /** bet, win, refund, provider_adjustment, deposit, withdrawal, adjustment, bonus, … */
  kind: string;
  outcome: 'applied' | 'replayed' | 'refused' | 'failed';
  /** The WalletError's code when refused (INSUFFICIENT_FUNDS, …); '' otherwise. */
  reason: string;
}

export type PostingObserver = (observation: PostingObservation) => void;

async function observed(
  kind: string,
  observer: PostingObserver,
  posting: () => Promise<PostingResult>,
): Promise<PostingResult> {
  try {
    const result = await posting();
    observer({ kind, outcome: result.outcome, reason: '' });
    return result;
  } catch (error) {
    observer(
      error instanceof WalletError
        ? { kind, outcome: 'refused', reason: error.code }
        : { kind, outcome: 'failed', reason: '' },
    );
    throw error;
  }
}

/**
 * The ledger with every posting reported to `observer` after it settled (applied, replayed,
 * refused with its reason, or failed). Wraps the Ledger's public methods only: the postings
 * themselves (statements, transactions, events) are untouched, and an observer that throws
 * is never the caller's problem.
 */
export function observeLedger(ledger: Ledger, observer: PostingObserver | undefined): Ledger {
  if (!observer) return ledger;
  const safe: PostingObserver = (observation) => {
    try {
      observer(observation);
    } catch {
      // Counting must never fail a posting that happened.
    }
  };
  // A posting counts under its method's kind, or (an operator movement) under its input's.
  const watch =
    <I>(kind: string | ((input: I) => string), post: (input: I) => Promise<PostingResult>) =>
    (input: I) =>
      observed(typeof kind === 'string' ? kind : kind(input), safe, () => post(input));
  const bonusTransaction = (tx: BonusTransaction): BonusTransaction => ({
    db: tx.db,
    wallet: tx.wallet,
    post: watch('bonus', (input) => tx.post(input)),
    postWithdrawal: watch('withdrawal', (input) => tx.postWithdrawal(input)),
  });
  return {
    ...ledger,
    events: ledger.events,
    postBet: watch('bet', (input) => ledger.postBet(input)),
    postWin: watch('win', (input) => ledger.postWin(input)),
    postRefund: watch('refund', (input) => ledger.postRefund(input)),
    postProviderAdjustment: watch('provider_adjustment', (input) =>
      ledger.postProviderAdjustment(input),
    ),
    postAdjustment: watch('adjustment', (input) => ledger.postAdjustment(input)),
    postOperatorMovement: watch(
      (input) => input.kind,
      (input) => ledger.postOperatorMovement(input),
    ),
    postWithdrawalReversal: watch('withdrawal_reversal', (input) =>
      ledger.postWithdrawalReversal(input),
    ),
    inBonusTransaction: (userId, work) =>
      ledger.inBonusTransaction(userId, (tx) => work(bonusTransaction(tx))),
  };
}
