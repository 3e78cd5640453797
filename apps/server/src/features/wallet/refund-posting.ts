import {
  refundStatement,
  settlingWinQuery,
  walletLockStatement,
  type RefundStatement,
} from './ledger-statements';
import { checkWallet, replayedFrom, replayOf, type Posting, type PostingRequest } from './posting';
import { BetAlreadyRefunded, BetAlreadySettled, RefundMismatch } from './wallet-errors';

/** A validated refund: its statement's fields, with the request still as fields. */
export type Refund = Omit<RefundStatement, 'request' | 'now'> & { request: PostingRequest };

/**
 * A refund that moved nothing was: a repeat of its key (replay or conflict); a second refund
 * of the bet under another id (BetAlreadyRefunded, with the first refund's answer); a refund
 * that does not match its bet (RefundMismatch); a refund of a bet whose round a win already
 * settled (BetAlreadySettled); or a missing wallet or other currency.
 *
 * It runs after the wallet's row lock, in one transaction: a win for the same player either
 * committed before (and the refund is refused) or waits for the refund (and lands after it).
 */
export function refundPosting(r: Refund, now: Date): Posting {
  const posting: Posting = {
    statement: refundStatement({ ...r, request: JSON.stringify(r.request), now }),
    userId: r.userId,
    provider: r.provider,
    operation: 'refund',
    txId: r.txId,
    betTxId: r.betTxId,
    request: r.request,
    prelude: walletLockStatement(r.userId),
    moreRelated: settlingWinQuery(r.provider, r.betTxId),
    explain(related, wallet) {
      const replay = replayOf(posting, related, wallet);
      if (replay) return replay;
      const earlier = related.find((e) => e.kind === 'refund' && e.bet_tx_id === r.betTxId);
      if (earlier) {
        throw new BetAlreadyRefunded(r.betTxId, replayedFrom(earlier, r.userId, wallet));
      }
      const bet = related.find((e) => e.kind === 'bet' && e.bet_tx_id === r.betTxId);
      if (bet) {
        const fields = [
          bet.user_id === r.userId ? '' : 'userId',
          r.currency === null || bet.currency === r.currency ? '' : 'currency',
          r.amount === null || -BigInt(bet.amount) === r.amount ? '' : 'amount',
        ].filter(Boolean);
        if (fields.length > 0) throw new RefundMismatch(r.betTxId, fields);
        const win = related.find((e) => e.kind === 'win');
        if (win) throw new BetAlreadySettled(r.betTxId, String(win.id));
      }
      checkWallet(r.userId, r.currency, wallet);
      return 'retry';
    },
  };
  return posting;
}
