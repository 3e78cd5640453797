import { launchTokens } from '../../db/schema';
import type { PersonalDataOwner } from '../../lib/personal-data';

/**
 * Launch tokens name the player, but only to admit bets and settle rounds: they hold nothing
 * personal beyond that link, are not exported and stay (they die with their session).
 */
export const gameSessionsPersonalData: PersonalDataOwner = {
  name: 'game-sessions',
  tables: [launchTokens],
};
