import type { Ledger } from '../../wallet/ledger';
import type { LaunchSessions } from '../../game-sessions/launch-sessions';
import type { CallHandler } from './money-calls';
import { balanceFields, pragmaticErrors, refusal, success } from './wallet-answers';
import { required } from './wallet-params';

/**
 * The Seamless Wallet calls that only read: authenticate (the game opening), balance,
 * endRound (the round is over: nothing moves, the balance is answered) and
 * getBalancePerGame (one wallet, so the same balance for every game asked about).
 */

export interface BalanceCallDeps {
  sessions: LaunchSessions;
  wallet: Ledger;
}

export function authenticateCall({ sessions }: BalanceCallDeps): CallHandler {
  return async (params) => {
    const p = required(params, ['token', 'providerId']);
    if (!p.ok) return p.answer;
    const found = await sessions.lookup(p.values.token, 'pragmatic');
    if (found.kind !== 'ok') {
      return refusal(pragmaticErrors.badToken, `Authentication failed: token ${found.kind}`);
    }
    // The token was issued for one game; opening another with it is refused.
    const gameId = params['gameId'];
    if (gameId !== undefined && gameId !== found.session.providerGameId) {
      return refusal(
        pragmaticErrors.badToken,
        'Authentication failed: token issued for another game',
      );
    }
    return success({
      userId: found.session.userId,
      currency: found.session.currency,
      ...balanceFields(found.session.balance),
    });
  };
}

export function balanceCall({ sessions, wallet }: BalanceCallDeps): CallHandler {
  return async (params) => {
    const p = required(params, ['userId', 'providerId']);
    if (!p.ok) return p.answer;
    const { userId } = p.values;
    const token = params['token'];
    if (token) {
      const found = await sessions.lookup(token, 'pragmatic');
      if (found.kind !== 'ok' || found.session.userId !== userId) {
        return refusal(pragmaticErrors.badToken, 'Authentication failed: bad or expired token');
      }
      return success({ currency: found.session.currency, ...balanceFields(found.session.balance) });
    }
    // UnknownPlayer (2) for an id that is no player's.
    const { balance, currency } = await wallet.getBalance(userId);
    return success({ currency, ...balanceFields(balance) });
  };
}

export function endRoundCall({ wallet }: BalanceCallDeps): CallHandler {
  return async (params) => {
    const p = required(params, ['userId', 'providerId']);
    if (!p.ok) return p.answer;
    const { balance } = await wallet.getBalance(p.values.userId);
    return success(balanceFields(balance));
  };
}

export function balancePerGameCall({ wallet }: BalanceCallDeps): CallHandler {
  return async (params) => {
    const p = required(params, ['userId', 'providerId', 'gameIdList']);
    if (!p.ok) return p.answer;
    const gameIds = [
      ...new Set(
        p.values.gameIdList
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ];
    if (gameIds.length === 0) {
      return refusal(pragmaticErrors.badParameters, 'Bad parameters: gameIdList names no game');
    }
    const { balance } = await wallet.getBalance(p.values.userId);
    return success({
      gamesBalances: gameIds.map((gameID) => ({ gameID, ...balanceFields(balance) })),
    });
  };
}
