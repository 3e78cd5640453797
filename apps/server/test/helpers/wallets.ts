import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/database';
import { users, wallets } from '../../src/db/schema';
import type { Ledger } from '../../src/features/wallet/ledger';

/**
 * A player with an empty wallet, as registration leaves one (users + wallets rows, balance 0),
 * made directly in the database: ledger tests need many players and no sessions.
 */
export async function createWalletUser(db: Database, currency = 'USD'): Promise<string> {
  const id = randomUUID();
  const tag = randomBytes(5).toString('hex');
  const now = new Date();
  await db.insert(users).values({
    id,
    username: `w_${tag}`,
    email: `w_${tag}@example.test`,
    passwordHash: 'not-a-real-hash',
    createdAt: now,
    updatedAt: now,
  });
  await db.insert(wallets).values({ userId: id, currency, createdAt: now, updatedAt: now });
  return id;
}

/** A player whose balance came through the ledger (an adjustment), so ledger:check holds. */
export async function createFundedUser(
  db: Database,
  ledger: Ledger,
  thousandths: bigint,
): Promise<string> {
  const userId = await createWalletUser(db);
  if (thousandths > 0n) {
    await ledger.postAdjustment({
      userId,
      amount: thousandths,
      reason: 'test funds',
      idempotencyKey: `fund-${userId}`,
      actor: 'test',
    });
  }
  return userId;
}

let counter = 0;
/** A transaction id no other test uses. */
export function txId(prefix = 'tx'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${randomBytes(3).toString('hex')}`;
}
