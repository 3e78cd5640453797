import type { Ledger } from '../../wallet';
import { UnknownPlayer } from '../../wallet';
import type { LaunchSessions } from '../../game-sessions';
import type { PragmaticGames } from './catalog-games';
import { pragmaticErrors, refusal, type PragmaticAnswer } from './wallet-answers';

export type Admission =
  | { admitted: true; currency: string }
  /** `playerKnown`: the player has a wallet (so the bet may be a retry of one already taken). */
  | { admitted: false; answer: PragmaticAnswer; playerKnown: boolean };

export interface AdmissionDeps {
  sessions: LaunchSessions;
  wallet: Ledger;
  /** The catalog check (8); without it a bet is judged by the player's launches alone. */
  games: PragmaticGames | undefined;
}

const refused = (error: number, description: string, playerKnown = true): Admission => ({
  admitted: false,
  answer: refusal(error, description),
  playerKnown,
});

/**
 * Whether a bet may be taken. Pragmatic's bet carries no token, so it is judged by the
 * player's latest launch of any Pragmatic game (decision 032; the player may switch games in
 * the provider's window, decision 033). The order, first failing check wins:
 *
 * 1. the player: unknown → 2;
 * 2. the game bet on: not in our catalog, or disabled → 8;
 * 3. the launch: signed out since → 2 (logged out); expired, or the player never launched a
 *    Pragmatic game → 4.
 *
 * One query (the latest launch, which carries the wallet) in the usual case, plus the catalog
 * row when `games` is given; the other reads happen only on the way to a refusal.
 */
export async function admitBet(
  deps: AdmissionDeps,
  userId: string,
  gameId: string,
): Promise<Admission> {
  const found = await deps.sessions.latest(userId, 'pragmatic');
  if (found.kind === 'not-found') {
    // No launch by this player with a wallet: find out which part is missing.
    try {
      await deps.wallet.getBalance(userId);
    } catch (error) {
      if (error instanceof UnknownPlayer) {
        return refused(pragmaticErrors.playerNotFound, 'Player not found', false);
      }
      throw error;
    }
  }
  if (deps.games) {
    const game = await deps.games.find(gameId);
    if (!game) return refused(pragmaticErrors.gameNotFound, 'Game not found');
    if (!game.enabled) return refused(pragmaticErrors.gameNotFound, 'Game disabled');
  }
  switch (found.kind) {
    case 'ok':
      return { admitted: true, currency: found.session.currency };
    case 'signed-out':
      return refused(pragmaticErrors.playerNotFound, 'Player logged out');
    case 'expired':
      return refused(pragmaticErrors.badToken, 'Authentication failed: the game session expired');
    case 'not-found':
      return refused(
        pragmaticErrors.badToken,
        'Authentication failed: no game session for this player',
      );
  }
}
