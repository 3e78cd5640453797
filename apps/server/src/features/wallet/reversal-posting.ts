import { reversalStatement, withdrawalQuery, type ReversalStatement } from './ledger-statements';
import { checkWallet, replayOf, type Posting, type PostingRequest } from './posting';
import { operatorProvider } from './posting-validation';
import { WithdrawalNotFound } from './wallet-errors';

/** A validated withdrawal reversal: its statement's fields, with the request still as fields. */
export type Reversal = Omit<ReversalStatement, 'request' | 'now'> & { request: PostingRequest };

/**
 * A reversal that moved nothing was: a repeat of its key (replay, or conflict for other
 * content); a withdrawal that does not exist or is another player's (WithdrawalNotFound); or
 * a missing wallet.
 */
export function reversalPosting(r: Reversal, now: Date): Posting {
  const posting: Posting = {
    statement: reversalStatement({ ...r, request: JSON.stringify(r.request), now }),
    userId: r.userId,
    provider: operatorProvider,
    operation: 'withdrawal_reversal',
    txId: r.withdrawalTxId,
    betTxId: null,
    request: r.request,
    prelude: null,
    moreRelated: withdrawalQuery(r.withdrawalTxId),
    explain(related, wallet) {
      const replay = replayOf(posting, related, wallet);
      if (replay) return replay;
      const withdrawal = related.find((e) => e.kind === 'withdrawal');
      if (!withdrawal || withdrawal.user_id !== r.userId) {
        throw new WithdrawalNotFound(r.withdrawalTxId);
      }
      checkWallet(r.userId, null, wallet);
      return 'retry';
    },
  };
  return posting;
}
