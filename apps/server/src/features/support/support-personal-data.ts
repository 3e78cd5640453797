import { supportMessages, supportThreads } from '../../db/schema';
import { exportedTime, type PersonalDataOwner } from '../../lib/personal-data';
import { playerRows } from '../../lib/player-rows';

/** The support conversation is exported, and kept after closure under the pseudonym. */
export const supportPersonalData: PersonalDataOwner = {
  name: 'support',
  tables: [supportThreads, supportMessages],
  async export(userId, db) {
    const rows = await playerRows(
      db,
      supportMessages,
      userId,
      { author: supportMessages.author, body: supportMessages.body, at: supportMessages.createdAt },
      supportMessages.id,
    );
    return {
      support_messages: rows.map((row) => ({
        author: row.author,
        text: row.body,
        created_at: exportedTime(row.at),
      })),
    };
  },
};
