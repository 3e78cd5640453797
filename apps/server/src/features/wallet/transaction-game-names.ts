import { and, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { games } from '../../db/schema';

/** A game as the ledger names it: the studio's slug and the studio's own game id. */
export interface GameRef {
  provider: string;
  gameId: string;
}

function keyOf(ref: GameRef): string {
  return `${ref.provider}\u0000${ref.gameId}`;
}

/**
 * The display names of a statement page's games, read in one query for the page's distinct
 * (provider, provider game id) pairs. Disabled games keep their names (a row of last year
 * still shows what was played); a game the catalog never had is simply absent.
 */
export async function gameNamesFor(
  db: Database,
  refs: readonly GameRef[],
): Promise<(ref: GameRef) => string | null> {
  const distinct = new Map<string, GameRef>();
  for (const ref of refs) distinct.set(keyOf(ref), ref);
  const names = new Map<string, string>();
  if (distinct.size > 0) {
    const rows = await db
      .select({ provider: games.provider, gameId: games.providerGameId, name: games.name })
      .from(games)
      .where(
        or(
          ...[...distinct.values()].map((ref) =>
            and(eq(games.provider, ref.provider), eq(games.providerGameId, ref.gameId)),
          ),
        ),
      );
    for (const row of rows) names.set(keyOf(row), row.name);
  }
  return (ref) => names.get(keyOf(ref)) ?? null;
}
