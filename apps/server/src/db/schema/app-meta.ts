import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** Facts about this installation (instance id, installation time), one row per key. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt().defaultNow(),
  updatedAt: updatedAt().defaultNow(),
});
