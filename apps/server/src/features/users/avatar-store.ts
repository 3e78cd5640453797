import { randomBytes } from 'node:crypto';
import { readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { avatars, users } from '../../db/schema';
import type { Clock } from '../../lib/clock';

/** Names we generate: 128 random bits and the extension. Nothing else is ever served. */
export const avatarNamePattern = /^[0-9a-f]{32}\.webp$/;

export interface StoredAvatar {
  bytes: Buffer;
  contentType: string;
}

export interface AvatarStore {
  /** Stores the picture of `userId` under a new random name and returns the name. */
  save(userId: string, webp: Buffer): Promise<string>;
  /** The picture, or undefined when there is no such avatar. */
  read(name: string): Promise<StoredAvatar | undefined>;
  /** Removes a picture; one already gone is not an error. */
  remove(name: string): Promise<void>;
}

/**
 * Avatars in the database (table avatars), so every instance serves every picture (issue 17,
 * decision 054). Pictures uploaded before this lived in DATA_DIR/avatars: a name not in the
 * table is looked for there, and copied into the table on first read when an account still
 * points at it (read-through; nothing to run on upgrade). `remove` deletes both.
 */
export function createAvatarStore(deps: {
  db: Database;
  clock: Clock;
  /** The old folder, DATA_DIR/avatars, read through for pictures saved before 054. */
  legacyDir: string;
}): AvatarStore {
  const { db, clock } = deps;
  const legacyPath = (name: string) => join(deps.legacyDir, name);

  async function readLegacy(name: string): Promise<Buffer | undefined> {
    try {
      return await readFile(legacyPath(name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  return {
    async save(userId, webp) {
      const name = `${randomBytes(16).toString('hex')}.webp`;
      await db.insert(avatars).values({
        name,
        userId,
        contentType: 'image/webp',
        bytes: webp,
        byteLength: webp.length,
        createdAt: clock.now(),
      });
      return name;
    },
    async read(name) {
      if (!avatarNamePattern.test(name)) return undefined;
      const rows = await db
        .select({ bytes: avatars.bytes, contentType: avatars.contentType })
        .from(avatars)
        .where(eq(avatars.name, name))
        .limit(1);
      const row = rows[0];
      if (row) return row;
      const legacy = await readLegacy(name);
      if (!legacy) return undefined;
      // Moved into the table once an account is found to own it; the other instances then
      // serve it too. A file nobody points at any more is served as before, never copied.
      const owner = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.avatar, name))
        .limit(1);
      if (owner[0]) {
        await db
          .insert(avatars)
          .values({
            name,
            userId: owner[0].id,
            contentType: 'image/webp',
            bytes: legacy,
            byteLength: legacy.length,
            createdAt: clock.now(),
          })
          .onConflictDoNothing();
      }
      return { bytes: legacy, contentType: 'image/webp' };
    },
    async remove(name) {
      if (!avatarNamePattern.test(name)) return;
      await db.delete(avatars).where(eq(avatars.name, name));
      try {
        await unlink(legacyPath(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    },
  };
}
