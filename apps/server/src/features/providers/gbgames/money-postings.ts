import type { Ledger } from '../../wallet/ledger';
import type { PostingResult } from '../../wallet/ledger-types';
import {
  BetAlreadyRefunded,
  BetAlreadySettled,
  BetCancelled,
  CurrencyMismatch,
  IdempotencyConflict,
  InsufficientFunds,
  InvalidPosting,
  RefundMismatch,
  UnknownPlayer,
  WalletError,
} from '../../wallet/wallet-errors';
import { liveLaunchTokenCondition } from '../../game-sessions/launch-repository';
import { hashLaunchToken } from '../../game-sessions/launch-token';
import type { OpenSession } from '../../game-sessions/launch-sessions';
import { gbError, gbPostingAnswer, type GbAnswer } from './wallet-answers';
import type { GbMoneyMessage } from './wallet-messages';
import { isUuid } from '../../../lib/uuid';

const provider = 'gbgames';
/** The ledger namespace of GB Games' winning message (§5.3). */
const resultOperation = 'result';

/**
 * bet, result and refund (§5.2–5.4) as ledger postings, idempotent on the studio's
 * transactionId, answered as §5 and §7 say. Only a WalletError becomes a protocol error
 * here; anything else (the database) is rethrown for the route to answer INTERNAL.
 */
export function gbMoneyPostings(wallet: Ledger) {
  const commonOf = (message: GbMoneyMessage, session: OpenSession) => ({
    userId: session.userId,
    provider,
    txId: message.transactionId,
    currency: message.currency,
    gameId: message.gameId,
    roundId: message.roundId,
    // Kept for audit, never compared by the ledger: a retry has a new timestamp.
    meta: { timestamp: message.timestamp, fingerprint: message.fingerprint },
  });

  const posting = (message: GbMoneyMessage, session: OpenSession): Promise<PostingResult> => {
    const common = commonOf(message, session);
    switch (message.type) {
      case 'bet':
        return wallet.postBet({ ...common, amount: message.amount });
      case 'result':
        return wallet.postWin({
          ...common,
          amount: message.amount,
          operation: resultOperation,
          betTxId: message.betTransactionId,
        });
      case 'refund':
        return wallet.postRefund({
          ...common,
          betTxId: message.betTransactionId,
          amount: message.amount,
        });
    }
  };

  return {
    /**
     * A bet in one round trip: posted for the message's own player with the token's
     * liveness and its player, game and currency checked inside the posting
     * (liveLaunchTokenCondition). The answer when it was taken or is a repeat; undefined when
     * the ledger refused it, for the caller to look the token up and answer why.
     */
    async fastBet(
      message: GbMoneyMessage & { type: 'bet' },
      now: Date,
    ): Promise<GbAnswer | undefined> {
      if (!isUuid(message.playerId) || message.token.length > 200) return undefined;
      try {
        const result = await wallet.postBet({
          userId: message.playerId,
          provider,
          txId: message.transactionId,
          currency: message.currency,
          gameId: message.gameId,
          roundId: message.roundId,
          meta: { timestamp: message.timestamp, fingerprint: message.fingerprint },
          amount: message.amount,
          admission: liveLaunchTokenCondition({
            tokenHash: hashLaunchToken(message.token),
            userId: message.playerId,
            provider,
            providerGameId: message.gameId,
            currency: message.currency,
            now,
          }),
        });
        if (result.outcome === 'replayed' && !sameFingerprint(result, message)) return undefined;
        return gbPostingAnswer(result.balance, result.transactionId);
      } catch (error) {
        if (error instanceof WalletError) return undefined;
        throw error;
      }
    },

    /** Posts the message; a repeat of an applied one answers the first answer again. */
    async post(message: GbMoneyMessage, session: OpenSession): Promise<GbAnswer> {
      try {
        const result = await posting(message, session);
        if (result.outcome === 'replayed' && !sameFingerprint(result, message)) {
          return gbError(
            'DUPLICATE_MISMATCH',
            `transactionId ${message.transactionId} was sent before with different content`,
          );
        }
        // The first answer again, with the current balance (§6.2).
        return gbPostingAnswer(result.balance, result.transactionId);
      } catch (error) {
        return refusal(error, message);
      }
    },

    /**
     * Whether this bet was applied before (a retry whose first attempt landed while the
     * session was still live): such a repeat gets its first answer, not TOKEN_EXPIRED, or
     * the studio would take a debited bet for a refused one and never refund it.
     */
    async betApplied(message: GbMoneyMessage, session: OpenSession): Promise<boolean> {
      if (message.type !== 'bet') return false;
      try {
        const bet = { ...commonOf(message, session), amount: message.amount };
        return (await wallet.replayOfBet(bet)) !== undefined;
      } catch (error) {
        // The id is taken by other content: `post` answers that conflict (409), moving nothing.
        if (error instanceof IdempotencyConflict) return true;
        throw error;
      }
    },
  };
}

export type GbMoneyPostings = ReturnType<typeof gbMoneyPostings>;

/** The stored row's fingerprint is the first message's; a row without one is not judged. */
function sameFingerprint(result: PostingResult, message: GbMoneyMessage): boolean {
  const stored = result.entry.meta?.['fingerprint'];
  return typeof stored !== 'string' || stored === message.fingerprint;
}

/** A WalletError as §7 names it (wallet README's mapping); any other error is rethrown. */
function refusal(error: unknown, message: GbMoneyMessage): GbAnswer {
  const id = message.transactionId;
  if (error instanceof BetAlreadyRefunded) {
    // A second refund of one bet under another transactionId: the first refund's answer.
    return gbPostingAnswer(error.first.balance, error.first.transactionId);
  }
  if (error instanceof InsufficientFunds) {
    return gbError('INSUFFICIENT_FUNDS', 'the bet is larger than the balance');
  }
  if (error instanceof IdempotencyConflict) {
    return gbError(
      'DUPLICATE_MISMATCH',
      `transactionId ${id} was sent before with a different ${error.fields.join(', ')}`,
    );
  }
  if (error instanceof BetCancelled) {
    return gbError('DUPLICATE_MISMATCH', `bet ${id} was refunded before it arrived`);
  }
  if (error instanceof RefundMismatch) {
    return gbError(
      'DUPLICATE_MISMATCH',
      `the refund's ${error.fields.join(', ')} is not bet ${error.betTxId}'s`,
    );
  }
  if (error instanceof BetAlreadySettled) {
    return gbError('BET_SETTLED', `bet ${error.betTxId} was already settled by a result`);
  }
  if (error instanceof UnknownPlayer) return gbError('TOKEN_NOT_FOUND', 'unknown player');
  if (error instanceof CurrencyMismatch) {
    return gbError('BAD_REQUEST', 'the currency is not the wallet’s');
  }
  if (error instanceof InvalidPosting) return gbError('BAD_REQUEST', 'malformed message');
  throw error;
}
