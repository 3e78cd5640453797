import { playerBonuses } from '../../db/schema';
import { exportedTime, type PersonalDataOwner } from '../../lib/personal-data';
import { playerRows } from '../../lib/player-rows';
import { exportedAmount } from '../wallet';

/** Every bonus the player had is exported and kept, as the ledger that moved its money. */
export const bonusPersonalData: PersonalDataOwner = {
  name: 'bonus',
  tables: [playerBonuses],
  async export(userId, db) {
    const fields = {
      id: playerBonuses.id,
      offerId: playerBonuses.offerId,
      kind: playerBonuses.kind,
      status: playerBonuses.status,
      amount: playerBonuses.amount,
      wageringRequired: playerBonuses.wageringRequired,
      claimedAt: playerBonuses.claimedAt,
      activatedAt: playerBonuses.activatedAt,
    };
    const rows = await playerRows(db, playerBonuses, userId, fields, playerBonuses.id);
    return {
      bonuses: rows.map((row) => ({
        id: row.id.toString(),
        offer_id: row.offerId,
        kind: row.kind,
        status: row.status,
        amount: exportedAmount(row.amount),
        wagering_required: exportedAmount(row.wageringRequired),
        claimed_at: exportedTime(row.claimedAt),
        activated_at: exportedTime(row.activatedAt),
      })),
    };
  },
};
