import { playerBlocks, playerNotes, playerTags, staffApprovals } from '../../db/schema';
import type { PersonalDataOwner } from '../../lib/personal-data';

/**
 * What staff wrote and decided about a player (blocks, notes, tags, four-eyes approvals):
 * the operator's own records, not exported and kept after closure with the audit trail.
 */
export const staffPersonalData: PersonalDataOwner = {
  name: 'staff',
  tables: [playerBlocks, playerNotes, playerTags, staffApprovals],
};
