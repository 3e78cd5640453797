import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database';
import { approveWithdrawal, rejectWithdrawal } from '../../src/features/payments';
import { appendAudit, checkAuditChain } from '../../src/features/staff/audit-log';
import { submitBoth } from '../identity/identity-helpers';
import { createPlayer, type SignedInPlayer } from '../helpers/players';
import { testDatabaseDriver } from '../helpers/test-database';
import { fundedByCard, withdraw } from '../payments/payments-helpers';
import {
  asStaff,
  auditCount,
  buildStaffApp,
  createStaff,
  type StaffApp,
  type StaffMember,
} from './staff-helpers';

/**
 * Decision 081: a change made by another feature's service (the ledger, the cashier,
 * identity, chat, support, responsible gaming) and its audit row commit in one transaction.
 * A refused change leaves no row; a crash after the change, inside the transaction, leaves
 * neither the change nor the row; and the chain holds when changes run at the same time.
 */

/** The staff feature's step as the services get it, but crashing after writing the row. */
const crashingStep = async (tx: Database): Promise<void> => {
  await appendAudit(tx, new Date(), {
    actor: { kind: 'system', id: 'test', email: null, roles: [] },
    action: 'crash.test',
  });
  throw new Error('the process stopped after the change');
};

const crashed = (promise: Promise<unknown>) =>
  expect(promise).rejects.toThrow('the process stopped after the change');

describe(`audit rows in the change's transaction (${testDatabaseDriver()})`, () => {
  let t: StaffApp;
  let admin: StaffMember;
  let player: SignedInPlayer;

  beforeAll(async () => {
    t = await buildStaffApp();
    admin = await createStaff(t, ['admin']);
    player = await createPlayer(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const p = () => `/api/operator/players/${player.id}`;
  const pendingWithdrawal = async () => {
    const someone = await createPlayer(t);
    const token = await fundedByCard(t, someone, '100.00');
    const res = await withdraw(t, someone, { amount: '40.00', payment_method: token });
    return (JSON.parse(res.body) as { id: string }).id;
  };
  const statusOf = async (paymentId: string) =>
    (await t.app.payments.cashier.repo.byId(paymentId))?.status;
  const rowsOf = async (action: string) => {
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from staff_audit_log where action = ${action}`,
    );
    return rows[0]?.n ?? 0;
  };

  it('a refused change writes no audit row', async () => {
    const before = await auditCount(t);
    // A debit below zero: the ledger refuses it inside its statement.
    const debit = await asStaff(t, admin, 'POST', `${p()}/adjustments`, {
      amount: '-400.00',
      reason: 'too much',
      idempotencyKey: crypto.randomUUID(),
    });
    expect(debit.statusCode).toBe(409);
    // No identity check sent: nothing to verify.
    const verify = await asStaff(
      t,
      admin,
      'POST',
      `/api/operator/identity/checks/${player.id}/verify`,
    );
    expect(verify.statusCode).toBeGreaterThanOrEqual(400);
    // A withdrawal already rejected cannot be approved.
    const paymentId = await pendingWithdrawal();
    const reject = await asStaff(
      t,
      admin,
      'POST',
      `/api/operator/payments/withdrawals/${paymentId}/reject`,
      { reason: 'card mismatch' },
    );
    expect(reject.statusCode).toBe(200);
    const afterReject = await auditCount(t);
    expect(afterReject).toBe(before + 1);
    const approve = await asStaff(
      t,
      admin,
      'POST',
      `/api/operator/payments/withdrawals/${paymentId}/approve`,
    );
    expect(approve.statusCode).toBe(409);
    expect(await auditCount(t)).toBe(afterReject);
  });

  it('a change writes its row, and audit:check holds', async () => {
    const adjust = await asStaff(t, admin, 'POST', `${p()}/adjustments`, {
      amount: '12.50',
      reason: 'goodwill',
      idempotencyKey: crypto.randomUUID(),
    });
    expect(adjust.statusCode).toBe(200);
    const { rows } = await t.db.execute<{ after: { transaction_id: string; balance: string } }>(
      sql`select after from staff_audit_log where action = 'wallet.adjust' order by id desc limit 1`,
    );
    const transactionId = adjust.json<{ transaction_id: string }>().transaction_id;
    expect(rows[0]?.after.transaction_id).toBe(transactionId);
    expect(rows[0]?.after.balance).toBe(adjust.json<{ balance: string }>().balance);
    expect((await checkAuditChain(t.db)).ok).toBe(true);
  });

  it('a crash after the change inside the transaction leaves neither', async () => {
    const before = await auditCount(t);

    const balance = (await t.app.wallet.getBalance(player.id)).balance;
    await crashed(
      t.app.wallet.postAdjustment({
        userId: player.id,
        amount: 5_000n,
        reason: 'crash',
        idempotencyKey: crypto.randomUUID(),
        actor: 'test',
        inTransaction: crashingStep,
      }),
    );
    expect((await t.app.wallet.getBalance(player.id)).balance).toBe(balance);

    const approving = await pendingWithdrawal();
    await crashed(approveWithdrawal(t.app.payments.cashier, approving, crashingStep));
    expect(await statusOf(approving)).toBe('pending');
    await crashed(rejectWithdrawal(t.app.payments.cashier, approving, 'no', crashingStep));
    expect(await statusOf(approving)).toBe('pending');

    const checked = await createPlayer(t);
    await submitBoth(t, checked);
    await crashed(t.app.identity.verify(checked.id, crashingStep));
    await crashed(t.app.identity.reject(checked.id, 'blurred', crashingStep));
    expect((await t.app.identity.view(checked.id)).status).toBe('pending');

    const message = await t.app.chat.post(checked.id, 'hello room');
    await crashed(t.app.chat.hide(BigInt(message.id), 'test', crashingStep));
    const { rows: hidden } = await t.db.execute<{ hidden_at: unknown }>(
      sql`select hidden_at from chat_messages where id = ${message.id}::bigint`,
    );
    expect(hidden[0]?.hidden_at).toBeNull();
    await crashed(t.app.chat.mute(checked.id, 30, 'spam', crashingStep));
    expect(await t.app.chat.mutedUntil(checked.id)).toBeUndefined();

    await t.app.support.ask(checked.id, 'where is my withdrawal?');
    await crashed(t.app.support.answer(checked.id, 'On its way.', crashingStep));
    expect((await t.app.support.thread(checked.id)).messages.map((m) => m.author)).toEqual([
      'player',
    ]);

    const limits = t.app.responsibleGaming.service.limits;
    const limitsBefore = JSON.stringify(await t.app.responsibleGaming.service.status(checked.id));
    await crashed(
      limits.setLimit(
        checked.id,
        { kind: 'deposit', period: 'day', amount: '10.00' },
        { by: 'staff', name: 'test', reason: 'crash', audit: crashingStep },
      ),
    );
    expect(JSON.stringify(await t.app.responsibleGaming.service.status(checked.id))).toBe(
      limitsBefore,
    );

    await crashed(t.app.auth.twoFactor.reset(checked.id, crashingStep));

    expect(await auditCount(t)).toBe(before);
    expect(await rowsOf('crash.test')).toBe(0);
    expect((await checkAuditChain(t.db)).ok).toBe(true);
  });

  it('changes made at the same time chain one after the other', async () => {
    const other = await createStaff(t, ['admin']);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        asStaff(t, i % 2 ? admin : other, 'POST', `${p()}/adjustments`, {
          amount: '1.00',
          reason: `parallel ${i}`,
          idempotencyKey: crypto.randomUUID(),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const report = await checkAuditChain(t.db);
    expect(report.ok, JSON.stringify(report.broken)).toBe(true);
  });
});
