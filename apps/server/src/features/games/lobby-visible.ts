import { and, eq, sql, type SQL } from 'drizzle-orm';
import { gameProviderControls, games } from '../../db/schema';

/**
 * A game the lobby, search and launch may show: listed by its provider at the last sync, not
 * switched off by staff, nor its provider (decision 086). The callbacks of a round already
 * open never ask this: a round of a game switched off mid-round still settles.
 */
export function visibleInLobby(): SQL {
  return and(
    eq(games.enabled, true),
    eq(games.staffDisabled, false),
    sql`not exists (select 1 from ${gameProviderControls} where ${gameProviderControls.provider} = ${games.provider} and ${gameProviderControls.disabled})`,
  ) as SQL;
}
