import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/database';
import { games } from '../../../db/schema';

/** Whether a Pragmatic game symbol is in our catalog, and enabled (error 8 otherwise). */
export interface PragmaticGames {
  /** Undefined: not in our catalog. */
  find(providerGameId: string): Promise<{ enabled: boolean } | undefined>;
}

/** The catalog's `games` rows of provider `pragmatic`, read-only. */
export function createPragmaticGames(db: Database): PragmaticGames {
  return {
    async find(providerGameId) {
      if (!providerGameId || providerGameId.length > 200) return undefined;
      const rows = await db
        .select({ enabled: games.enabled })
        .from(games)
        .where(and(eq(games.provider, 'pragmatic'), eq(games.providerGameId, providerGameId)))
        .limit(1);
      return rows[0];
    },
  };
}
