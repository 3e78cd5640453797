import { rgChanges, rgHourly, rgLimits, rgPlayers } from '../../db/schema';
import type { PersonalDataOwner } from '../../lib/personal-data';

/**
 * Limits, exclusions and their history are kept after closure: the operator must show what
 * protected the player and when (decision 053). Not part of the export file today.
 */
export const rgPersonalData: PersonalDataOwner = {
  name: 'responsible-gaming',
  tables: [rgPlayers, rgLimits, rgHourly, rgChanges],
};
