import { eq } from 'drizzle-orm';
import { avatars, emailChanges, users } from '../../db/schema';
import { exportedTime, type PersonalDataOwner } from '../../lib/personal-data';
import type { AvatarStore } from './avatar-store';
import { emailChangeCodes } from './email-change-codes';

/**
 * The profile. On closure the `users` row stays (the ledger, payments and bonuses name it)
 * with its personal data replaced (decision 053): the new name and address are unique (built
 * from the id) and can never be typed at a login (no such mailbox; the hash verifies
 * nothing). A waiting e-mail change is dropped; the avatar is removed after the commit.
 */
export function usersPersonalData(store: AvatarStore): PersonalDataOwner {
  return {
    name: 'users',
    tables: [users, avatars, emailChanges],
    async export(userId, db) {
      const [row] = await db
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          avatar: users.avatar,
          dateOfBirth: users.dateOfBirth,
          createdAt: users.createdAt,
          updatedAt: users.updatedAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      if (!row) return {};
      return {
        profile: {
          id: row.id,
          username: row.username,
          email: row.email,
          date_of_birth: row.dateOfBirth,
          has_avatar: row.avatar !== null,
          created_at: exportedTime(row.createdAt),
          updated_at: exportedTime(row.updatedAt),
        },
      };
    },
    async erase(userId, tx, now) {
      const [row] = await tx
        .select({ avatar: users.avatar })
        .from(users)
        .where(eq(users.id, userId));
      const tag = userId.replaceAll('-', '');
      await tx
        .update(users)
        .set({
          username: `closed-${tag}`,
          email: `closed-${tag}@closed.invalid`,
          passwordHash: '!closed',
          avatar: null,
          dateOfBirth: null,
          updatedAt: now,
        })
        .where(eq(users.id, userId));
      await emailChangeCodes(tx).remove(userId);
      const avatar = row?.avatar;
      return avatar ? () => store.remove(avatar) : undefined;
    },
  };
}
