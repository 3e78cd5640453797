import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { appMeta } from '../../db/schema';

export interface AppMetaRepository {
  get(key: string): Promise<string | undefined>;
  /** Stores the value unless the key exists; concurrent callers agree on one winner. */
  insertIfAbsent(key: string, value: string, at: Date): Promise<void>;
}

export function createAppMetaRepository(db: Database): AppMetaRepository {
  return {
    async get(key) {
      const rows = await db
        .select({ value: appMeta.value })
        .from(appMeta)
        .where(eq(appMeta.key, key));
      return rows[0]?.value;
    },
    async insertIfAbsent(key, value, at) {
      await db
        .insert(appMeta)
        .values({ key, value, createdAt: at, updatedAt: at })
        .onConflictDoNothing({ target: appMeta.key });
    },
  };
}
