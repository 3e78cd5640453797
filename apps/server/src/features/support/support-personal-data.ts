import { asc, eq } from 'drizzle-orm';
import { supportMessages, supportThreads } from '../../db/schema';
import { exportedTime, type PersonalDataOwner } from '../../lib/personal-data';

/** The support conversation is exported, and kept after closure under the pseudonym. */
export const supportPersonalData: PersonalDataOwner = {
  name: 'support',
  tables: [supportThreads, supportMessages],
  async export(userId, db) {
    const rows = await db
      .select({
        author: supportMessages.author,
        body: supportMessages.body,
        createdAt: supportMessages.createdAt,
      })
      .from(supportMessages)
      .where(eq(supportMessages.userId, userId))
      .orderBy(asc(supportMessages.id));
    return {
      support_messages: rows.map((row) => ({
        author: row.author,
        text: row.body,
        created_at: exportedTime(row.createdAt),
      })),
    };
  },
};
