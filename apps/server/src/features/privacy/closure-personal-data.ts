import { accountClosures } from '../../db/schema';
import type { PersonalDataOwner } from '../../lib/personal-data';

/** The closure itself: when the account closed, written last in the closing transaction. */
export const closurePersonalData: PersonalDataOwner = {
  name: 'privacy',
  tables: [accountClosures],
  async erase(userId, tx, now) {
    await tx.insert(accountClosures).values({ userId, closedAt: now }).onConflictDoNothing();
    return undefined;
  },
};
