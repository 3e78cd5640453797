import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../../src/db/database';
import { openPostgres } from '../../src/db/postgres-connection';
import { createLedger, type Ledger } from '../../src/features/wallet/ledger';
import { checkLedger, formatLedgerReport } from '../../src/features/wallet/ledger-check';
import {
  IdempotencyConflict,
  InsufficientFunds,
  WithdrawalNotFound,
} from '../../src/features/wallet/wallet-errors';
import { systemClock } from '../../src/lib/clock';
import { createTestDb, testDatabaseDriver } from '../helpers/test-database';
import { createFundedUser, createWalletUser } from '../helpers/wallets';

/**
 * The ledger's cashier postings: deposit, withdrawal (taken at once) and withdrawal reversal.
 * The concurrency cases run on both drivers: on PGlite the postings interleave at the
 * statement level (one connection), on PostgreSQL they race on separate connections.
 */
let db: DatabaseConnection;
let destroy: () => Promise<void>;
let ledger: Ledger;
const pools: DatabaseConnection[] = [];
let ledgers: Ledger[];

beforeAll(async () => {
  const test = await createTestDb();
  ({ db, destroy } = test);
  ledger = createLedger({ db, clock: systemClock });
  if (testDatabaseDriver() === 'postgres' && test.url) {
    for (let i = 0; i < 4; i++) pools.push(openPostgres({ url: test.url, max: 6 }));
  }
  ledgers =
    pools.length > 0 ? pools.map((p) => createLedger({ db: p, clock: systemClock })) : [ledger];
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
  await destroy();
});

async function expectLedgerClean() {
  const report = await checkLedger(db);
  expect(report.ok, formatLedgerReport(report)).toBe(true);
}

const withdraw = (l: Ledger, userId: string, amount: bigint, key = randomUUID()) =>
  l.postOperatorMovement({
    kind: 'withdrawal',
    userId,
    amount,
    idempotencyKey: key,
    actor: 'cashier',
  });

describe('cashier postings', () => {
  it('a deposit credits once per key; the same key again is a replay', async () => {
    const userId = await createWalletUser(db);
    const key = randomUUID();
    const deposit = {
      kind: 'deposit' as const,
      userId,
      amount: 100_000n,
      currency: 'USD',
      idempotencyKey: key,
      actor: 'cashier',
    };
    const first = await ledger.postOperatorMovement(deposit);
    expect(first).toMatchObject({ outcome: 'applied', balanceAfter: 100_000n });
    expect(first.entry).toMatchObject({
      kind: 'deposit',
      amount: 100_000n,
      provider: 'operator',
      operation: 'deposit',
      providerTxId: key,
    });
    const again = await ledger.postOperatorMovement(deposit);
    expect(again).toMatchObject({
      outcome: 'replayed',
      transactionId: first.transactionId,
      balance: 100_000n,
    });
    await expect(
      ledger.postOperatorMovement({ ...deposit, amount: 5_000n }),
    ).rejects.toBeInstanceOf(IdempotencyConflict);
    expect((await ledger.getBalance(userId)).balance).toBe(100_000n);
    await expectLedgerClean();
  });

  it('a withdrawal takes the money at once and never goes below zero', async () => {
    const userId = await createFundedUser(db, ledger, 50_000n);
    const taken = await withdraw(ledger, userId, 40_000n);
    expect(taken.entry).toMatchObject({
      kind: 'withdrawal',
      amount: -40_000n,
      balanceAfter: 10_000n,
    });
    await expect(withdraw(ledger, userId, 10_010n)).rejects.toBeInstanceOf(InsufficientFunds);
    expect((await ledger.getBalance(userId)).balance).toBe(10_000n);
    await expectLedgerClean();
  });

  it('a reversal gives back exactly the withdrawal, once, whatever is asked again', async () => {
    const userId = await createFundedUser(db, ledger, 50_000n);
    const key = randomUUID();
    const taken = await withdraw(ledger, userId, 40_000n, key);
    const back = await ledger.postWithdrawalReversal({
      userId,
      withdrawalKey: key,
      reason: 'canceled',
      actor: 'cashier',
    });
    expect(back).toMatchObject({ outcome: 'applied', balanceAfter: 50_000n });
    expect(back.entry).toMatchObject({
      kind: 'withdrawal_reversal',
      amount: 40_000n,
      reversesEntryId: taken.transactionId,
      providerTxId: key,
    });
    const again = await ledger.postWithdrawalReversal({
      userId,
      withdrawalKey: key,
      reason: 'canceled',
      actor: 'cashier',
    });
    expect(again).toMatchObject({ outcome: 'replayed', transactionId: back.transactionId });
    expect((await ledger.getBalance(userId)).balance).toBe(50_000n);
    await expectLedgerClean();
  });

  it('refuses a reversal of an unknown withdrawal or of another player’s', async () => {
    const alice = await createFundedUser(db, ledger, 50_000n);
    const bob = await createFundedUser(db, ledger, 1_000n);
    const key = randomUUID();
    await withdraw(ledger, alice, 20_000n, key);
    await expect(
      ledger.postWithdrawalReversal({ userId: bob, withdrawalKey: key, actor: 'cashier' }),
    ).rejects.toBeInstanceOf(WithdrawalNotFound);
    await expect(
      ledger.postWithdrawalReversal({
        userId: alice,
        withdrawalKey: randomUUID(),
        actor: 'cashier',
      }),
    ).rejects.toBeInstanceOf(WithdrawalNotFound);
    expect((await ledger.getBalance(bob)).balance).toBe(1_000n);
    expect((await ledger.getBalance(alice)).balance).toBe(30_000n);
    await expectLedgerClean();
  });

  it('concurrent withdrawals against one balance: exactly as many as it covers apply', async () => {
    const userId = await createFundedUser(db, ledger, 100_000n);
    // 30 withdrawals of 7.00 against 100.00: at most 14 fit.
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => withdraw(ledgers[i % ledgers.length]!, userId, 7_000n)),
    );
    const applied = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    for (const r of refused) expect(r.reason).toBeInstanceOf(InsufficientFunds);
    expect(applied).toHaveLength(14);
    expect((await ledger.getBalance(userId)).balance).toBe(2_000n);
    await expectLedgerClean();
  });

  it('concurrent reversals of one withdrawal (cancel racing reject) give it back once', async () => {
    const userId = await createFundedUser(db, ledger, 30_000n);
    const key = randomUUID();
    await withdraw(ledger, userId, 30_000n, key);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        ledgers[i % ledgers.length]!.postWithdrawalReversal({
          userId,
          withdrawalKey: key,
          actor: 'cashier',
        }),
      ),
    );
    expect(results.filter((r) => r.outcome === 'applied')).toHaveLength(1);
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect((await ledger.getBalance(userId)).balance).toBe(30_000n);
    await expectLedgerClean();
  });

  it('the database itself refuses a second reversal of a withdrawal under another key', async () => {
    const userId = await createFundedUser(db, ledger, 30_000n);
    const taken = await withdraw(ledger, userId, 10_000n);
    await ledger.postWithdrawalReversal({
      userId,
      withdrawalKey: taken.entry.providerTxId,
      actor: 'cashier',
    });
    await expect(
      db.execute(sql`
        insert into ledger_entries (user_id, kind, status, amount, balance_before, balance_after,
          currency, provider, operation, provider_tx_id, reverses_entry_id, request, created_at)
        values (${userId}::uuid, 'withdrawal_reversal', 'applied', 10000, 30000, 40000, 'USD',
          'operator', 'withdrawal_reversal', 'other-key', ${taken.transactionId}::bigint, '{}', now())`),
    ).rejects.toThrow();
  });

  it('ledger:check names a reversal that does not match its withdrawal', async () => {
    const scratch = await createTestDb();
    try {
      const l = createLedger({ db: scratch.db, clock: systemClock });
      const userId = await createFundedUser(scratch.db, l, 30_000n);
      const taken = await withdraw(l, userId, 10_000n);
      // A hand-written row crediting more than the withdrawal took (balances kept chained).
      await scratch.db.execute(sql`
        with moved as (update wallets set balance = balance + 12000 where user_id = ${userId}::uuid returning balance)
        insert into ledger_entries (user_id, kind, status, amount, balance_before, balance_after,
          currency, provider, operation, provider_tx_id, reverses_entry_id, request, created_at)
        select ${userId}::uuid, 'withdrawal_reversal', 'applied', 12000, balance - 12000, balance, 'USD',
          'operator', 'withdrawal_reversal', ${taken.entry.providerTxId}, ${taken.transactionId}::bigint, '{}', now()
        from moved`);
      const report = await checkLedger(scratch.db);
      expect(report.ok).toBe(false);
      const failed = report.checks.filter((c) => c.failures > 0).map((c) => c.name);
      expect(failed).toEqual(['reversal-matches-withdrawal']);
      expect(report.counts).toMatchObject({ withdrawals: 1, reversals: 1 });
    } finally {
      await scratch.destroy();
    }
  });
});
