import type { Database } from '../../db/database';
import { emailChanges } from '../../db/schema';
import { createCodeStore } from '../auth';

/** One pending e-mail change per player: a new request replaces the old one and its code. */
export function emailChangeCodes(db: Database) {
  return createCodeStore(db, {
    table: emailChanges,
    key: 'userId',
    carries: ['newEmail'],
    stamps: (now) => ({ always: { createdAt: now } }),
  });
}
