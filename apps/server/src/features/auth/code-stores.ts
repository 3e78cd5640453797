import type { Database } from '../../db/database';
import { passwordResets, pendingRegistrations } from '../../db/schema';
import { createCodeStore } from './code-store';

/**
 * Registrations waiting for their code, one per address. The row keeps when it was first
 * made and when it last changed (a new code or a wrong try).
 */
export function pendingRegistrationCodes(db: Database) {
  return createCodeStore(db, {
    table: pendingRegistrations,
    key: 'email',
    carries: ['username'],
    stamps: (now) => ({ always: { updatedAt: now }, created: { createdAt: now } }),
    touched: (now) => ({ updatedAt: now }),
  });
}

/** One waiting reset per player: a new request replaces the old code (and its count). */
export function passwordResetCodes(db: Database) {
  return createCodeStore(db, {
    table: passwordResets,
    key: 'userId',
    carries: [],
    stamps: (now) => ({ always: { createdAt: now } }),
  });
}
