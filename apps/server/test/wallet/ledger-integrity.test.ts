import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../../src/db/database';
import { createLedger, type Ledger } from '../../src/features/wallet/ledger';
import { checkLedger, formatLedgerReport } from '../../src/features/wallet/ledger-check';
import { systemClock } from '../../src/lib/clock';
import { createTestDb } from '../helpers/test-database';
import { createFundedUser, txId } from '../helpers/wallets';

let db: DatabaseConnection;
let destroy: () => Promise<void>;
let ledger: Ledger;

beforeAll(async () => {
  ({ db, destroy } = await createTestDb());
  ledger = createLedger({ db, clock: systemClock });
});
afterAll(async () => {
  await destroy();
});

function failureOf(error: unknown): { code?: string; message: string } {
  // Drizzle wraps the driver's error; the SQLSTATE is on the cause.
  const cause = (error as { cause?: { code?: string; message: string } }).cause;
  return cause ?? (error as { message: string });
}

describe('append-only ledger', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, whoever asks', async () => {
    const userId = await createFundedUser(db, ledger, 1_000n);
    const attempts = [
      sql`update ledger_entries set amount = amount + 1 where user_id = ${userId}::uuid`,
      sql`delete from ledger_entries where user_id = ${userId}::uuid`,
      sql`truncate ledger_entries cascade`,
    ];
    for (const attempt of attempts) {
      const error = await db.execute(attempt).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(failureOf(error)).toMatchObject({ code: '55000' });
      expect(failureOf(error).message).toMatch(/append-only/);
    }
    expect((await ledger.getBalance(userId)).balance).toBe(1_000n);
  });
});

describe('a posting that fails half-way', () => {
  it('after the balance update leaves no trace, fires no event, and can be retried', async () => {
    const userId = await createFundedUser(db, ledger, 10_000n);
    // A fault after the wallet row changed, inside the same statement: the ledger row's
    // insert blows up (as a full disk or a killed backend would).
    await db.execute(sql`
      create function test_crash_on_insert() returns trigger language plpgsql as $$
      begin
        if new.provider_tx_id like 'crash-%' then raise exception 'simulated crash'; end if;
        return new;
      end $$`);
    await db.execute(sql`
      create trigger test_crash after insert on ledger_entries
      for each row execute function test_crash_on_insert()`);
    const events: bigint[] = [];
    const stop = ledger.events.onBalanceChanged((e) => events.push(e.balance));
    const bet = {
      userId,
      amount: 4_000n,
      currency: 'USD',
      provider: 'gbgames',
      txId: txId('crash'),
    };
    try {
      // The driver's error, bare (a named statement on pg) or wrapped by Drizzle in `cause`.
      const crashed = (error: unknown) =>
        error instanceof Error &&
        [error.message, (error.cause as Error | undefined)?.message].includes('simulated crash');
      await expect(ledger.postBet(bet)).rejects.toSatisfy(crashed);
      await expect(
        ledger.postRefund({ userId, provider: 'gbgames', betTxId: bet.txId, txId: txId('crash') }),
      ).rejects.toSatisfy(crashed);
    } finally {
      await db.execute(sql`drop trigger test_crash on ledger_entries`);
      await db.execute(sql`drop function test_crash_on_insert()`);
    }
    expect(events).toEqual([]);
    expect((await ledger.getBalance(userId)).balance).toBe(10_000n);
    const { rows } = await db.execute<{ n: string }>(
      sql`select count(*) as n from ledger_entries where bet_tx_id = ${bet.txId}`,
    );
    expect(rows[0]?.n).toBe('0');
    // Neither a tombstone nor a half-bet was left: the bet now simply applies.
    expect((await ledger.postBet(bet)).outcome).toBe('applied');
    stop();
    expect(events).toEqual([6_000n]);
  });
});

describe('checkLedger', () => {
  it('passes on a ledger written only by postings', async () => {
    const userId = await createFundedUser(db, ledger, 5_000n);
    const bet = await ledger.postBet({
      userId,
      amount: 1_000n,
      currency: 'USD',
      provider: 'endorphina',
      txId: txId(),
    });
    await ledger.postRefund({ userId, provider: 'endorphina', betTxId: bet.entry.providerTxId });
    await ledger.postRefund({ userId, provider: 'endorphina', betTxId: txId('ghost') });
    const report = await checkLedger(db);
    expect(report.ok, formatLedgerReport(report)).toBe(true);
    expect(report.counts.entries).toBeGreaterThanOrEqual(4);
    expect(report.counts.tombstones).toBeGreaterThanOrEqual(1);
    expect(formatLedgerReport(report)).toMatch(/^checked \d+ wallets and \d+ ledger entries/);
  });

  it('names a tampered balance', async () => {
    const userId = await createFundedUser(db, ledger, 5_000n);
    await db.execute(sql`update wallets set balance = balance + 1 where user_id = ${userId}::uuid`);
    try {
      const report = await checkLedger(db);
      expect(report.ok).toBe(false);
      const failed = report.checks.filter((c) => c.failures > 0).map((c) => c.name);
      expect(failed).toEqual(['balance-equals-ledger']);
      expect(formatLedgerReport(report)).toContain(
        `wallet ${userId}: balance 5001, ledger sum 5000, last balance_after 5000`,
      );
    } finally {
      await db.execute(
        sql`update wallets set balance = balance - 1 where user_id = ${userId}::uuid`,
      );
    }
  });

  it('names a tampered bonus pocket', async () => {
    const userId = await createFundedUser(db, ledger, 5_000n);
    // Only a superuser going around the wallet's rules (a bonus pocket needs a bonus) can do this.
    await db.execute(sql`alter table wallets drop constraint wallets_rules`);
    await db.execute(sql`update wallets set bonus_balance = 7 where user_id = ${userId}::uuid`);
    try {
      const report = await checkLedger(db);
      const failed = report.checks.filter((c) => c.failures > 0).map((c) => c.name);
      expect(failed).toEqual(['bonus-equals-ledger']);
      expect(formatLedgerReport(report)).toContain(
        `wallet ${userId}: bonus 7, ledger sum 0, last bonus_after 0`,
      );
    } finally {
      await db.execute(sql`update wallets set bonus_balance = 0 where user_id = ${userId}::uuid`);
    }
  });

  it('names a broken chain and a transaction applied twice', async () => {
    const userId = await createFundedUser(db, ledger, 5_000n);
    const bet = await ledger.postBet({
      userId,
      amount: 700n,
      currency: 'USD',
      provider: 'pragmatic',
      txId: txId(),
    });
    // Only a superuser going around the trigger and the unique index can do this.
    await db.execute(sql`alter table ledger_entries disable trigger ledger_entries_append_only`);
    await db.execute(sql`drop index ledger_entries_idempotency_key`);
    await db.execute(sql`drop index ledger_entries_bet_once`);
    await db.execute(sql`
      insert into ledger_entries (user_id, kind, status, amount, balance_before, balance_after,
        currency, provider, operation, provider_tx_id, bet_tx_id, request, created_at)
      select user_id, kind, status, amount, balance_before, balance_after, currency, provider,
        operation, provider_tx_id, bet_tx_id, request, created_at
      from ledger_entries where id = ${bet.transactionId}::bigint`);
    const report = await checkLedger(db);
    const failed = report.checks.filter((c) => c.failures > 0).map((c) => c.name);
    expect(failed).toEqual([
      'balance-equals-ledger',
      'chain',
      'applied-once',
      'bet-refund-tombstone',
    ]);
    expect(formatLedgerReport(report)).toContain(
      `pragmatic/bet/${bet.entry.providerTxId} appears 2 times`,
    );
    expect(formatLedgerReport(report)).toContain('LEDGER IS INCONSISTENT');
  });

  it('names ledger rows whose wallet is gone', async () => {
    const userId = await createFundedUser(db, ledger, 2_000n);
    await db.execute(sql`delete from wallets where user_id = ${userId}::uuid`);
    const report = await checkLedger(db);
    expect(report.checks.find((c) => c.name === 'has-wallet')?.examples).toEqual([
      `1 entries of ${userId}, which has no wallet`,
    ]);
  });
});
