import { recentLaunches } from '../../db/schema';
import type { PersonalDataOwner } from '../../lib/personal-data';

/** The "recently played" list: games and times, already in the exported ledger's rounds. */
export const gamesPersonalData: PersonalDataOwner = {
  name: 'games',
  tables: [recentLaunches],
};
