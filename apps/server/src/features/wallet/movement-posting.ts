import { movementStatement, type MovementStatement } from './ledger-statements';
import { checkWallet, replayedFrom, replayOf, type Posting, type PostingRequest } from './posting';
import { BetCancelled, BetNotAdmitted, BonusActive, InsufficientFunds } from './wallet-errors';

/**
 * A validated bet, win or operator movement: what its statement needs, with the request
 * (the content a repeat must match) still as fields; the statement's time and tombstone
 * check are decided here.
 */
export type Movement = Omit<MovementStatement, 'request' | 'now' | 'checkTombstone'> & {
  request: PostingRequest;
};

/**
 * A movement that moved nothing was: a repeat of its key (replay or conflict); for a bet, a
 * bet whose refund came first (BetCancelled, with the tombstone's answer); a wallet that is
 * missing, in another currency, or short of funds; or a bet whose admission condition failed
 * (BetNotAdmitted).
 */
export function movementPosting(m: Movement, now: Date): Posting {
  const posting: Posting = {
    statement: movementStatement({
      ...m,
      request: JSON.stringify(m.request),
      now,
      checkTombstone: m.kind === 'bet',
      admission: m.admission ?? null,
    }),
    userId: m.userId,
    provider: m.provider,
    operation: m.operation,
    txId: m.txId,
    betTxId: m.kind === 'bet' ? m.txId : null,
    request: m.request,
    prelude: null,
    moreRelated: null,
    explain(related, wallet) {
      const replay = replayOf(posting, related, wallet);
      if (replay) return replay;
      const tombstone =
        m.kind === 'bet' && related.find((r) => r.kind === 'refund' && r.bet_tx_id === m.txId);
      if (tombstone) {
        throw new BetCancelled(m.txId, replayedFrom(tombstone, m.userId, wallet));
      }
      const balance = checkWallet(m.userId, m.currency, wallet);
      if (m.kind === 'bet' || m.delta >= 0n) {
        if (balance + m.delta < 0n) throw new InsufficientFunds(balance, -m.delta);
      } else {
        // Debits other than bets take cash only, and a withdrawal waits for the bonus to end.
        if (m.kind === 'withdrawal' && wallet?.bonus_id != null) {
          throw new BonusActive(String(wallet.bonus_id));
        }
        const cash = balance - BigInt(wallet?.bonus_balance ?? 0);
        if (cash + m.delta < 0n) throw new InsufficientFunds(cash, -m.delta);
      }
      // Funds, key and tombstone allowed it: the caller's admission condition did not hold.
      if (m.admission) throw new BetNotAdmitted(m.txId);
      return 'retry';
    },
  };
  return posting;
}
