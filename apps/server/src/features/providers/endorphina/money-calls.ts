import type { Clock } from '../../../lib/clock';
import { liveLaunchTokenCondition } from '../../game-sessions/launch-repository';
import { hashLaunchToken } from '../../game-sessions/launch-token';
import type { Ledger } from '../../wallet/ledger';
import type { LedgerEntry, PostingResult } from '../../wallet/ledger-types';
import { toThousandthsNumber } from '../../wallet/money';
import { BetAlreadyRefunded, WalletError } from '../../wallet/wallet-errors';
import type { LaunchSessions, OpenSession } from '../../game-sessions/launch-sessions';
import { endoOk, endoRefusal, type EndoAnswer } from './endo-answers';
import {
  betCall,
  promoWinCall,
  refundCall,
  winCall,
  type CreditCall,
  type TokenMoneyCall,
} from './money-params';
import { refusalFor } from './wallet-error-mapping';
import { isUuid } from '../../../lib/uuid';

const provider = 'endorphina';

/** A game name for the ledger when there is one (the ledger takes none rather than ''). */
const optionalGame = (game: string | null | undefined): { gameId?: string } =>
  game === undefined || game === null ? {} : { gameId: game };

export interface EndorphinaMoneyCallDeps {
  sessions: LaunchSessions;
  wallet: Ledger;
  /** "Now" for a bet's live-token condition (the same clock as the token lookups). */
  clock: Clock;
}

type Params = Readonly<Record<string, string>>;
type Found = { ok: true; session: OpenSession } | { ok: false; answer: EndoAnswer };

/**
 * EndoAPI's money calls on the ledger, each from the signed parameters to the answer. Every
 * posting is idempotent on the studio's id: a repeat answers the FIRST answer again (its
 * transactionId and the balance right after it), so a retried call gets the same body.
 * Refusals come back as answers; anything else (the database down) is thrown, for the route
 * to answer INTERNAL_ERROR, which the studio retries.
 */
export function createEndorphinaMoneyCalls({ sessions, wallet, clock }: EndorphinaMoneyCallDeps) {
  const postingAnswer = (result: PostingResult): EndoAnswer =>
    endoOk({
      balance: toThousandthsNumber(result.balanceAfter),
      transactionId: result.transactionId,
    });

  const posted = async (post: () => Promise<PostingResult>): Promise<EndoAnswer> => {
    try {
      return postingAnswer(await post());
    } catch (error) {
      // A second refund id for a refunded bet: Endorphina wants plain success, the first one.
      if (error instanceof BetAlreadyRefunded) return postingAnswer(error.first);
      const refusal = refusalFor(error);
      if (refusal) return refusal;
      throw error;
    }
  };

  /** Why a bet on a session that is not live is refused (expired, signed out, ended). */
  const closedSession = (kind: 'expired' | 'signed-out'): EndoAnswer =>
    kind === 'expired'
      ? endoRefusal('TOKEN_EXPIRED', 'the launch token has expired')
      : endoRefusal('TOKEN_EXPIRED', 'the player has signed out');

  /** Wins, refunds and endSession land whatever the kind: they come after expiry and logout. */
  const anySession = async (token: string): Promise<Found> => {
    const found = await sessions.lookup(token, provider);
    if (found.kind === 'not-found') {
      return { ok: false, answer: endoRefusal('TOKEN_NOT_FOUND', 'unknown launch token') };
    }
    return { ok: true, session: found.session };
  };

  /** The first of the named fields the call does not share with the token's session. */
  const mismatch = (
    call: TokenMoneyCall,
    session: OpenSession,
    fields: readonly ('player' | 'currency' | 'game')[],
  ): EndoAnswer | undefined => {
    const expected = {
      player: session.userId,
      currency: session.currency,
      game: session.providerGameId,
    };
    const field = fields.find((name) => call[name] !== expected[name]);
    return field === undefined
      ? undefined
      : endoRefusal('NO_RETRY', `${field} is not the launch token's ${field}`);
  };

  const meta = (call: TokenMoneyCall) => (call.date === undefined ? {} : { date: call.date });

  /**
   * Whose wallet a win or refund credits: the token's player when a token is sent (any
   * token state: credits land after expiry and logout; `player`, if sent, must be its),
   * else `player`, our user id. With the token's session, for what the call leaves out.
   */
  const creditor = async (
    call: CreditCall,
  ): Promise<
    | { ok: true; userId: string; session: OpenSession | undefined }
    | { ok: false; answer: EndoAnswer }
  > => {
    if (call.token === undefined) {
      const player = call.player ?? '';
      if (!isUuid(player)) {
        return { ok: false, answer: endoRefusal('TOKEN_NOT_FOUND', 'unknown player') };
      }
      return { ok: true, userId: player, session: undefined };
    }
    const found = await anySession(call.token);
    if (!found.ok) return found;
    if (call.player !== undefined && call.player !== found.session.userId) {
      return {
        ok: false,
        answer: endoRefusal('NO_RETRY', "player is not the launch token's player"),
      };
    }
    return { ok: true, userId: found.session.userId, session: found.session };
  };

  return {
    async bet(params: Params): Promise<EndoAnswer> {
      const parsed = betCall(params);
      if (!parsed.ok) return parsed.answer;
      const call = parsed.value;
      // The usual bet, in one round trip: the token's liveness and its player, currency and
      // game are checked inside the posting's statement. Only a refusal looks the token up,
      // below, to answer why (or to find the first answer of a retried bet).
      if (isUuid(call.player) && call.token.length > 0 && call.token.length <= 200) {
        try {
          return postingAnswer(
            await wallet.postBet({
              userId: call.player,
              amount: call.amount,
              currency: call.currency,
              provider,
              txId: call.id,
              gameId: call.game,
              roundId: call.roundId,
              meta: meta(call),
              admission: liveLaunchTokenCondition({
                tokenHash: hashLaunchToken(call.token),
                userId: call.player,
                provider,
                providerGameId: call.game,
                currency: call.currency,
                now: clock.now(),
              }),
            }),
          );
        } catch (error) {
          // Any refusal is judged again below, in the protocol's order (token first).
          if (!(error instanceof WalletError)) throw error;
        }
      }
      const found = await sessions.lookup(call.token, provider);
      if (found.kind === 'not-found') {
        return endoRefusal('TOKEN_NOT_FOUND', 'unknown launch token');
      }
      const wrong = mismatch(call, found.session, ['player', 'currency', 'game']);
      if (wrong) return wrong;
      const bet = {
        userId: found.session.userId,
        amount: call.amount,
        currency: call.currency,
        provider,
        txId: call.id,
        gameId: call.game,
        roundId: call.roundId,
        meta: meta(call),
      };
      if (found.kind !== 'ok') {
        // A new bet needs a live session (not expired, signed out or ended by endSession);
        // a retry of one applied while it was live gets its first answer, or the studio
        // would take a debited bet for refused and never refund it.
        let replay: PostingResult | undefined;
        try {
          replay = await wallet.replayOfBet(bet);
        } catch (error) {
          const refusal = refusalFor(error);
          if (refusal) return refusal;
          throw error;
        }
        return replay ? postingAnswer(replay) : closedSession(found.kind);
      }
      return posted(() => wallet.postBet(bet));
    },

    async win(params: Params): Promise<EndoAnswer> {
      const parsed = winCall(params);
      if (!parsed.ok) return parsed.answer;
      const call = parsed.value;
      const who = await creditor(call);
      if (!who.ok) return who.answer;
      // The player's bet it pays gives what the call may leave out (currency, game), and its
      // own id links the win to it: a refund of that bet is then refused (BetAlreadySettled).
      let bet: LedgerEntry | undefined;
      try {
        bet = await wallet.findBet(provider, call.betTransactionId, who.userId);
      } catch (error) {
        // A betTransactionId the ledger cannot hold (InvalidPosting) is final, like a bad amount.
        const refusal = refusalFor(error);
        if (refusal) return refusal;
        throw error;
      }
      return posted(async () =>
        wallet.postWin({
          userId: who.userId,
          amount: call.amount,
          currency:
            call.currency ??
            bet?.currency ??
            who.session?.currency ??
            (await wallet.getBalance(who.userId)).currency,
          provider,
          // A zero win has no id: one per bet closes the round, keyed on the bet it pays.
          txId: call.id ?? `for-bet:${call.betTransactionId}`,
          betTxId: bet?.betTxId ?? call.betTransactionId,
          ...optionalGame(call.game ?? who.session?.providerGameId ?? bet?.gameId),
          roundId: call.roundId,
          meta: { date: call.date },
        }),
      );
    },

    async refund(params: Params): Promise<EndoAnswer> {
      const parsed = refundCall(params);
      if (!parsed.ok) return parsed.answer;
      const call = parsed.value;
      const who = await creditor(call);
      if (!who.ok) return who.answer;
      // `id` is the bet's: the refund's key too. An unknown bet leaves a tombstone. Currency
      // and game, when left out, are the bet's (the ledger refunds exactly the bet).
      return posted(() =>
        wallet.postRefund({
          userId: who.userId,
          provider,
          betTxId: call.id,
          amount: call.amount,
          ...(call.currency === undefined ? {} : { currency: call.currency }),
          ...optionalGame(call.game),
          roundId: call.roundId,
          meta: { date: call.date },
        }),
      );
    },

    async promoWin(params: Params): Promise<EndoAnswer> {
      const parsed = promoWinCall(params);
      if (!parsed.ok) return parsed.answer;
      const call = parsed.value;
      if (!isUuid(call.player)) return endoRefusal('TOKEN_NOT_FOUND', 'unknown player');
      // No token: `player` is our user id (as `session` told the studio), credited in the
      // wallet's own currency. An unknown player is UnknownPlayer → TOKEN_NOT_FOUND.
      return posted(async () => {
        const { currency } = await wallet.getBalance(call.player);
        return wallet.postWin({
          userId: call.player,
          amount: call.amount,
          currency,
          provider,
          operation: 'promoWin',
          txId: call.id,
          ...optionalGame(call.game),
          ...(call.roundId === undefined ? {} : { roundId: call.roundId }),
        });
      });
    },

    async endSession(params: Params): Promise<EndoAnswer> {
      const token = params['token'] ?? '';
      const found = await anySession(token);
      if (!found.ok) return found.answer;
      // The token takes no more bets from now on; wins and refunds with it still land.
      await sessions.end(token, provider);
      return endoOk({ balance: toThousandthsNumber(found.session.balance) });
    },
  };
}

export type EndorphinaMoneyCalls = ReturnType<typeof createEndorphinaMoneyCalls>;
