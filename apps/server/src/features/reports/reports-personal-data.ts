import { reportActivePlayers, reportDepositors } from '../../db/schema';
import type { PersonalDataOwner } from '../../lib/personal-data';

/** The reports' counts of distinct players: ids only, kept so past reports stay true. */
export const reportsPersonalData: PersonalDataOwner = {
  name: 'reports',
  tables: [reportActivePlayers, reportDepositors],
};
