import { chatMessages, chatMutes } from '../../db/schema';
import { exportedTime, type PersonalDataOwner } from '../../lib/personal-data';
import { playerRows } from '../../lib/player-rows';

/**
 * The player's chat messages are exported. They stay after closure under the pseudonym, as
 * do mutes (what the room saw, and what moderators decided).
 */
export const chatPersonalData: PersonalDataOwner = {
  name: 'chat',
  tables: [chatMessages, chatMutes],
  async export(userId, db) {
    const fields = { body: chatMessages.body, createdAt: chatMessages.createdAt };
    const rows = await playerRows(db, chatMessages, userId, fields, chatMessages.id);
    return {
      chat_messages: rows.map((row) => ({
        text: row.body,
        created_at: exportedTime(row.createdAt),
      })),
    };
  },
};
