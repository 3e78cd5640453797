import type { ProviderSlug } from '@casino/contracts';
import type { Database } from '../../src/db/database';
import { createLaunchRepository } from '../../src/features/game-sessions/launch-repository';
import { newLaunchToken } from '../../src/features/game-sessions/launch-token';
import type { Clock } from '../../src/lib/clock';

export interface TestLaunch {
  provider: ProviderSlug;
  /** Our games.id (seedGames returns them by provider game id). */
  gameId: string;
  userId: string;
  /** The sign-in session the launch came from: signing it out ends the launch's bets. */
  sessionId?: string | null;
  /** Lifetime from the clock's now; default one hour. Negative: already expired. */
  ttlSeconds?: number;
}

/**
 * A launch token recorded exactly as a real launch records it, without asking a provider:
 * callback tests act as the provider and present the plain token it would have received.
 */
export async function recordTestLaunch(
  db: Database,
  clock: Clock,
  launch: TestLaunch,
): Promise<string> {
  const { token, hash } = newLaunchToken();
  const now = clock.now();
  await createLaunchRepository(db).recordLaunch({
    tokenHash: hash,
    userId: launch.userId,
    gameId: launch.gameId,
    provider: launch.provider,
    currency: 'USD',
    sessionId: launch.sessionId ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + (launch.ttlSeconds ?? 3600) * 1000),
  });
  return token;
}
