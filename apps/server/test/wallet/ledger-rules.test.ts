import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../../src/db/database';
import { ledgerKinds } from '../../src/db/schema';
import { createLedger } from '../../src/features/wallet/ledger';
import { systemClock } from '../../src/lib/clock';
import { createTestDb } from '../helpers/test-database';
import { createFundedUser } from '../helpers/wallets';

// The ledger's and the wallets' rules are one check per table calling ledger_entry_rules and
// wallet_rules (migration 0038, decision 112). Every rule still refuses a row that breaks it,
// under the name of the check it was before (SQLSTATE 23514), and every kind still passes.

let db: DatabaseConnection;
let destroy: () => Promise<void>;

beforeAll(async () => {
  ({ db, destroy } = await createTestDb());
});
afterAll(async () => {
  await destroy();
});

interface Row {
  kind: string;
  status: string;
  amount: number;
  balanceBefore: number;
  balanceAfter: number;
  bonusAmount: number;
  bonusAfter: number;
  betTxId: string | null;
  reversesEntryId: string | null;
  reason: string | null;
}

const user = randomUUID();
const bet: Row = {
  kind: 'bet',
  status: 'applied',
  amount: -100,
  balanceBefore: 1_000,
  balanceAfter: 900,
  bonusAmount: 0,
  bonusAfter: 0,
  betTxId: 'bet',
  reversesEntryId: null,
  reason: null,
};

/** Inserts the row straight into ledger_entries (as only a superuser could); its new id. */
async function insert(row: Row): Promise<string> {
  const key = randomUUID();
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into ledger_entries (user_id, kind, status, amount, balance_before, balance_after,
      currency, provider, operation, provider_tx_id, bet_tx_id, reverses_entry_id, reason,
      request, bonus_amount, bonus_after, created_at)
    values (${user}::uuid, ${row.kind}, ${row.status}, ${row.amount}, ${row.balanceBefore},
      ${row.balanceAfter}, 'EUR', 'rules-test', ${row.kind}, ${key},
      ${row.betTxId === null ? null : `${row.betTxId}-${key}`}, ${row.reversesEntryId}::bigint,
      ${row.reason}, '{}'::jsonb, ${row.bonusAmount}, ${row.bonusAfter}, now())
    returning id`);
  return String(rows[0]!.id);
}

/** The SQLSTATE, constraint and message the statement failed with, or undefined. */
async function refusal(statement: Promise<unknown>) {
  const error = await statement.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (error === undefined) return undefined;
  const cause = ((error as { cause?: unknown }).cause ?? error) as {
    code?: string;
    constraint?: string;
    message: string;
  };
  return { code: cause.code, constraint: cause.constraint, message: cause.message };
}

describe('the ledger row rules (ledger_entry_rules)', () => {
  it('take a row of every kind that keeps them', async () => {
    const withdrawal = await insert({ ...bet, kind: 'withdrawal', betTxId: null });
    const rows: Row[] = [
      bet,
      { ...bet, kind: 'win', amount: 50, balanceAfter: 1_050, betTxId: null },
      { ...bet, kind: 'refund', amount: 0, balanceAfter: 1_000, status: 'tombstone' },
      { ...bet, kind: 'deposit', amount: 500, balanceAfter: 1_500, betTxId: null },
      { ...bet, kind: 'withdrawal', betTxId: null },
      {
        ...bet,
        kind: 'withdrawal_reversal',
        amount: 100,
        balanceAfter: 1_100,
        betTxId: null,
        reversesEntryId: withdrawal,
      },
      {
        ...bet,
        kind: 'bonus',
        amount: 200,
        balanceAfter: 1_200,
        bonusAmount: 200,
        bonusAfter: 200,
      },
      { ...bet, kind: 'adjustment', amount: -1_000, balanceAfter: 0, reason: 'correction' },
      // A bet half from the pocket, and a win half into it.
      { ...bet, bonusAmount: -50, bonusAfter: 50 },
      { ...bet, kind: 'win', amount: 80, balanceAfter: 1_080, bonusAmount: 40, bonusAfter: 40 },
    ];
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(ledgerKinds));
    for (const row of rows) await expect(insert(row)).resolves.toMatch(/^\d+$/);
  });

  const broken: [string, Partial<Row>][] = [
    ['ledger_entries_adjustment_reason', { kind: 'adjustment', reason: null }],
    ['ledger_entries_balance_non_negative', { balanceBefore: 50, balanceAfter: -50 }],
    ['ledger_entries_bet_reference', { betTxId: null }],
    ['ledger_entries_bonus_part', { bonusAmount: 50, bonusAfter: 50 }],
    ['ledger_entries_bonus_part', { bonusAmount: -150, bonusAfter: 0 }],
    ['ledger_entries_bonus_within_balance', { bonusAfter: -1 }],
    ['ledger_entries_bonus_within_balance', { bonusAfter: 901 }],
    [
      'ledger_entries_cash_no_bonus',
      { kind: 'deposit', amount: 100, balanceAfter: 1_100, bonusAmount: 100, bonusAfter: 100 },
    ],
    ['ledger_entries_chain', { balanceAfter: 901 }],
    ['ledger_entries_kind', { kind: 'gift', amount: 100, balanceAfter: 1_100 }],
    [
      'ledger_entries_reversal_reference',
      { kind: 'withdrawal_reversal', amount: 100, balanceAfter: 1_100 },
    ],
    ['ledger_entries_sign', { amount: 100, balanceAfter: 1_100 }],
    ['ledger_entries_sign', { kind: 'win', amount: -100 }],
    ['ledger_entries_sign', { kind: 'withdrawal', amount: 100, balanceAfter: 1_100 }],
    ['ledger_entries_status', { status: 'pending' }],
    ['ledger_entries_tombstone', { status: 'tombstone' }],
  ];
  it.each(broken)('refuse a row that breaks %s, under that name', async (name, change) => {
    expect(await refusal(insert({ ...bet, ...change }))).toEqual({
      code: '23514',
      constraint: name,
      message: `new row for relation "ledger_entries" violates check constraint "${name}"`,
    });
  });

  it('name the first broken rule in the order of the names, as the twelve checks did', async () => {
    // Both the chain (balance_after ≠ before + amount) and the balance (negative) are broken.
    const error = await refusal(insert({ ...bet, balanceAfter: -1 }));
    expect(error?.constraint).toBe('ledger_entries_balance_non_negative');
  });
});

describe('the wallet rules (wallet_rules)', () => {
  const ledger = () => createLedger({ db, clock: systemClock });
  const broken: [string, ReturnType<typeof sql>][] = [
    ['wallets_balance_non_negative', sql`balance = -1, bonus_balance = 0`],
    ['wallets_bonus_needs_bonus', sql`bonus_balance = 1, bonus_id = null`],
    ['wallets_bonus_within_balance', sql`bonus_balance = balance + 1, bonus_id = 1`],
    ['wallets_bonus_within_balance', sql`bonus_balance = -1, bonus_id = 1`],
    ['wallets_currency_code', sql`currency = 'eur'`],
  ];
  it.each(broken)('refuse a wallet that breaks %s, under that name', async (name, change) => {
    const userId = await createFundedUser(db, ledger(), 5_000n);
    expect(
      await refusal(db.execute(sql`update wallets set ${change} where user_id = ${userId}::uuid`)),
    ).toEqual({
      code: '23514',
      constraint: name,
      message: `new row for relation "wallets" violates check constraint "${name}"`,
    });
  });

  it('take a wallet that keeps them', async () => {
    const userId = await createFundedUser(db, ledger(), 5_000n);
    await expect(
      db.execute(
        sql`update wallets set bonus_balance = 5000, bonus_id = 1 where user_id = ${userId}::uuid`,
      ),
    ).resolves.toBeDefined();
  });
});
