import type { ProviderSlug } from '@casino/contracts';
import type { Clock } from '../../lib/clock';
import type { LaunchRepository, LaunchSession } from './launch-repository';
import { hashLaunchToken } from './launch-token';
import { isUuid } from '../../lib/uuid';

/** A launch session of a player who has a wallet. */
export type OpenSession = LaunchSession & { balance: bigint };

export type SessionLookup =
  | { kind: 'ok'; session: OpenSession }
  /** Unknown token, a token of another provider, or a player without a wallet. */
  | { kind: 'not-found' }
  /** The launch token's own lifetime is over. */
  | { kind: 'expired'; session: OpenSession }
  /** The player signed out (or the sign-in session ended) since launching. */
  | { kind: 'signed-out'; session: OpenSession };

/**
 * Resolves the launch token a provider's wallet callback presents. A token only works at the
 * provider it was issued for. Bets need `kind: 'ok'`; wins and refunds must land whatever the
 * kind (they arrive after expiry and sign-out), so every found session is returned with it.
 */
export function createLaunchSessions(deps: { launches: LaunchRepository; clock: Clock }) {
  const judge = (session: LaunchSession | undefined, provider: ProviderSlug): SessionLookup => {
    if (!session || session.provider !== provider || session.balance === null) {
      return { kind: 'not-found' };
    }
    const open: OpenSession = { ...session, balance: session.balance };
    const now = deps.clock.now().getTime();
    if (session.signInEndsAt !== null && session.signInEndsAt.getTime() <= now) {
      return { kind: 'signed-out', session: open };
    }
    if (session.expiresAt.getTime() <= now) return { kind: 'expired', session: open };
    return { kind: 'ok', session: open };
  };

  return {
    async lookup(token: string, provider: ProviderSlug): Promise<SessionLookup> {
      if (!token || token.length > 200) return { kind: 'not-found' };
      return judge(await deps.launches.findSession(hashLaunchToken(token)), provider);
    },
    /**
     * For protocols whose bets carry no token (Pragmatic): the player's latest launch of any
     * of that provider's games, judged like a token.
     */
    async latest(userId: string, provider: ProviderSlug): Promise<SessionLookup> {
      if (!isUuid(userId)) return { kind: 'not-found' };
      return judge(await deps.launches.findLatestSession(userId, provider), provider);
    },
    /**
     * The provider ended the game session (Endorphina's endSession): the token takes no more
     * bets from now on (it looks expired); wins and refunds with it still land.
     */
    async end(token: string, provider: ProviderSlug): Promise<void> {
      if (!token || token.length > 200) return;
      await deps.launches.endLaunch(hashLaunchToken(token), provider, deps.clock.now());
    },
    findWallet: (userId: string) => deps.launches.findWallet(userId),
  };
}

export type LaunchSessions = ReturnType<typeof createLaunchSessions>;
