import type { ProviderSlug } from '@casino/contracts';
import type { Clock } from '../../lib/clock';
import type { LaunchRepository, LaunchSession } from '../games/launch-repository';
import { hashLaunchToken } from '../games/launch-token';

/** A live launch session of a player who has a wallet. */
export type OpenSession = LaunchSession & { balance: bigint };

export type SessionLookup =
  | { kind: 'ok'; session: OpenSession }
  /** Unknown token, a token of another provider, or a player without a wallet. */
  | { kind: 'not-found' }
  | { kind: 'expired' };

/**
 * Resolves the launch token a provider's wallet callback presents. A token only works at the
 * provider it was issued for, and only until it expires.
 */
export function createLaunchSessions(deps: { launches: LaunchRepository; clock: Clock }) {
  return {
    async lookup(token: string, provider: ProviderSlug): Promise<SessionLookup> {
      if (!token || token.length > 200) return { kind: 'not-found' };
      const session = await deps.launches.findSession(hashLaunchToken(token));
      if (!session || session.provider !== provider || session.balance === null) {
        return { kind: 'not-found' };
      }
      if (session.expiresAt.getTime() <= deps.clock.now().getTime()) return { kind: 'expired' };
      return { kind: 'ok', session: { ...session, balance: session.balance } };
    },
    findWallet: (userId: string) => deps.launches.findWallet(userId),
  };
}

export type LaunchSessions = ReturnType<typeof createLaunchSessions>;
