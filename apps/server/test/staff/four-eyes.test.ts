import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean } from '../helpers/ledger';
import { createPlayer, type SignedInPlayer } from '../helpers/players';
import { testDatabaseDriver } from '../helpers/test-database';
import { balanceOf, fundedByCard, sandboxOf, withdraw } from '../payments/payments-helpers';
import {
  asStaff,
  auditCount,
  buildStaffApp,
  createStaff,
  type StaffApp,
  type StaffMember,
} from './staff-helpers';

/**
 * Four-eyes (issue 28): above 500.00 a manual adjustment or a withdrawal approval waits for a
 * second, different staff member; nothing moves before; concurrent approvals move it once.
 * Run on both drivers (TEST_DATABASE_URL for PostgreSQL, where the concurrency is real).
 */

interface Approval {
  id: string;
  status: string;
  amount: string;
}

async function adjustmentRows(t: StaffApp, userId: string): Promise<number> {
  const { rows } = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ledger_entries where user_id = ${userId}::uuid and kind = 'adjustment'`,
  );
  return rows[0]?.n ?? 0;
}

describe(`four-eyes (${testDatabaseDriver()})`, () => {
  let t: StaffApp;
  let first: StaffMember;
  let second: StaffMember;
  let third: StaffMember;
  let player: SignedInPlayer;

  beforeAll(async () => {
    t = await buildStaffApp();
    first = await createStaff(t, ['payments']);
    second = await createStaff(t, ['payments']);
    third = await createStaff(t, ['admin']);
    player = await createPlayer(t);
  });
  afterAll(async () => {
    await expectLedgerClean(t.db);
    await t.close();
  });

  const adjust = (who: StaffMember | 'service', amount: string, key: string) =>
    asStaff(t, who, 'POST', `/api/operator/players/${player.id}/adjustments`, {
      amount,
      reason: 'goodwill credit',
      idempotencyKey: key,
    });

  it('500.00 moves at once; 500.01 waits, and nothing moves', async () => {
    const at = await adjust(first, '500.00', 'at-threshold');
    expect(at.statusCode, at.body).toBe(200);
    expect(await balanceOf(t, player)).toBe('500.00');
    const above = await adjust(first, '500.01', 'above-threshold');
    expect(above.statusCode, above.body).toBe(202);
    expect(above.json()).toMatchObject({
      outcome: 'awaiting_second_approval',
      approval: { kind: 'adjustment', status: 'waiting', amount: '500.01' },
    });
    expect(await balanceOf(t, player)).toBe('500.00');
    // The same key again answers the same approval.
    const again = await adjust(first, '500.01', 'above-threshold');
    expect(again.json<{ approval: Approval }>().approval.id).toBe(
      above.json<{ approval: Approval }>().approval.id,
    );
    // Both can see it in the queue.
    for (const who of [first, second]) {
      const queue = await asStaff(t, who, 'GET', '/api/operator/approvals');
      expect(queue.json<{ data: Approval[] }>().data.map((a) => a.id)).toContain(
        above.json<{ approval: Approval }>().approval.id,
      );
    }
  });

  it('the same person cannot approve twice; a second person moves the money once', async () => {
    const asked = await adjust(first, '-600.00', 'debit-above');
    // A debit below zero is asked for (the balance is 500.00) and fails once approved.
    const debit = asked.json<{ approval: Approval }>().approval;
    const credit = (await adjust(first, '1000.00', 'credit-above')).json<{ approval: Approval }>()
      .approval;
    const same = await asStaff(t, first, 'POST', `/api/operator/approvals/${credit.id}/approve`);
    expect(same.statusCode).toBe(409);
    expect(same.json<{ error: { code: string } }>().error.code).toBe('FOUR_EYES_SAME_PERSON');
    expect(await balanceOf(t, player)).toBe('500.00');

    const before = await adjustmentRows(t, player.id);
    const ok = await asStaff(t, second, 'POST', `/api/operator/approvals/${credit.id}/approve`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'approved', amount: '1000.00' });
    expect(await balanceOf(t, player)).toBe('1500.00');
    expect(await adjustmentRows(t, player.id)).toBe(before + 1);
    const twice = await asStaff(t, third, 'POST', `/api/operator/approvals/${credit.id}/approve`);
    expect(twice.statusCode).toBe(409);
    expect(await balanceOf(t, player)).toBe('1500.00');

    // The debit is now within the balance: approved, it moves.
    const debited = await asStaff(t, second, 'POST', `/api/operator/approvals/${debit.id}/approve`);
    expect(debited.json()).toMatchObject({ status: 'approved' });
    expect(await balanceOf(t, player)).toBe('900.00');
  });

  it('a rejected approval moves nothing', async () => {
    const asked = (await adjust(first, '700.00', 'to-reject')).json<{ approval: Approval }>()
      .approval;
    const rejected = await asStaff(
      t,
      second,
      'POST',
      `/api/operator/approvals/${asked.id}/reject`,
      {
        reason: 'no ticket',
      },
    );
    expect(rejected.json()).toMatchObject({ status: 'rejected' });
    const late = await asStaff(t, third, 'POST', `/api/operator/approvals/${asked.id}/approve`);
    expect(late.statusCode).toBe(409);
    expect(await balanceOf(t, player)).toBe('900.00');
  });

  it('concurrent second approvals move the money once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const asked = (await adjust(first, '800.00', `race-${round}`)).json<{ approval: Approval }>()
        .approval;
      const before = await adjustmentRows(t, player.id);
      const balance = await balanceOf(t, player);
      const answers = await Promise.all(
        [second, third, second, third].map((who) =>
          asStaff(t, who, 'POST', `/api/operator/approvals/${asked.id}/approve`),
        ),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes, answers.map((a) => a.body).join('\n')).toEqual([200, 409, 409, 409]);
      expect(await adjustmentRows(t, player.id)).toBe(before + 1);
      const expected = (Number(balance) + 800).toFixed(2);
      expect(await balanceOf(t, player)).toBe(expected);
    }
  });

  it('the service account asks, a person approves', async () => {
    const asked = await adjust('service', '900.00', 'service-asks');
    expect(asked.statusCode).toBe(202);
    const approval = asked.json<{ approval: Approval }>().approval;
    const self = await asStaff(
      t,
      'service',
      'POST',
      `/api/operator/approvals/${approval.id}/approve`,
    );
    expect(self.statusCode).toBe(409);
    const byPerson = await asStaff(
      t,
      first,
      'POST',
      `/api/operator/approvals/${approval.id}/approve`,
    );
    expect(byPerson.json()).toMatchObject({ status: 'approved' });
  });
});

describe(`four-eyes on withdrawals (${testDatabaseDriver()})`, () => {
  let t: StaffApp;
  let first: StaffMember;
  let second: StaffMember;
  let third: StaffMember;

  beforeAll(async () => {
    t = await buildStaffApp();
    first = await createStaff(t, ['payments']);
    second = await createStaff(t, ['payments']);
    third = await createStaff(t, ['payments']);
  });
  afterAll(async () => {
    await expectLedgerClean(t.db);
    await t.close();
  });

  async function pendingWithdrawal(amount: string) {
    const player = await createPlayer(t);
    const token = await fundedByCard(t, player, '2000.00');
    const res = await withdraw(t, player, { amount, payment_method: token });
    expect(res.statusCode, res.body).toBe(201);
    return { player, id: res.json<{ id: string }>().id };
  }

  const approve = (who: StaffMember, id: string) =>
    asStaff(t, who, 'POST', `/api/operator/payments/withdrawals/${id}/approve`);
  const statusOf = async (id: string) => {
    const { rows } = await t.db.execute<{ status: string }>(
      sql`select status from payments where id = ${id}::uuid`,
    );
    return rows[0]?.status;
  };

  it('at 500.00 one approval pays out; above it the first waits and the queue flags it', async () => {
    const small = await pendingWithdrawal('500.00');
    const paid = await approve(first, small.id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await statusOf(small.id)).not.toBe('pending');

    const big = await pendingWithdrawal('600.00');
    const waiting = await approve(first, big.id);
    expect(waiting.statusCode, waiting.body).toBe(202);
    expect(await statusOf(big.id)).toBe('pending');
    const queue = await asStaff(t, second, 'GET', '/api/operator/payments/withdrawals');
    const row = queue
      .json<{ data: { id: string; risk_flags: string[]; approval: unknown }[] }>()
      .data.find((r) => r.id === big.id);
    expect(row?.risk_flags).toContain('four_eyes');
    expect(row?.risk_flags).toContain('first_withdrawal');
    expect(row?.approval).not.toBeNull();

    const same = await approve(first, big.id);
    expect(same.statusCode).toBe(409);
    expect(await statusOf(big.id)).toBe('pending');
    const ok = await approve(second, big.id);
    expect(ok.statusCode, ok.body).toBe(200);
    await sandboxOf(t).webhooks.settle();
    expect(['processing', 'paid']).toContain(await statusOf(big.id));
  });

  it('concurrent second approvals pay out once', async () => {
    const big = await pendingWithdrawal('700.00');
    expect((await approve(first, big.id)).statusCode).toBe(202);
    const auditsBefore = await auditCount(t);
    const answers = await Promise.all(
      [second, third, second, third].map((w) => approve(w, big.id)),
    );
    for (const a of answers) expect([200, 409], a.body).toContain(a.statusCode);
    await sandboxOf(t).webhooks.settle();
    expect(['processing', 'paid']).toContain(await statusOf(big.id));
    // One second approval decided it (one audit row of the approval, one of the payout).
    const { rows } = await t.db.execute<{ action: string }>(
      sql`select action from staff_audit_log where target_id in (${big.id}) or action = 'approvals.approve' order by id`,
    );
    expect(rows.filter((r) => r.action === 'withdrawals.approve')).toHaveLength(1);
    expect(await auditCount(t)).toBeGreaterThan(auditsBefore);
    // The player's money left once (one withdrawal on the ledger, no reversal).
    const { rows: entries } = await t.db.execute<{ kind: string }>(
      sql`select kind from ledger_entries where user_id = ${big.player.id}::uuid and kind like 'withdrawal%'`,
    );
    expect(entries.map((e) => e.kind)).toEqual(['withdrawal']);
  });

  it('an approval decided whose payout another call makes: that call writes the audit row', async () => {
    // The state between the deciding second approval's transaction and its payout step (a
    // concurrent approval got there first, or the decider's process died in between): the
    // approval says approved, the payment is still pending.
    const big = await pendingWithdrawal('800.00');
    expect((await approve(first, big.id)).statusCode).toBe(202);
    await t.db.execute(
      sql`update staff_approvals set status = 'approved', decided_by = ${second.id},
            decided_by_email = ${second.email}, decided_at = now()
          where payment_id = ${big.id}::uuid and status = 'waiting'`,
    );
    const paid = await approve(third, big.id);
    expect(paid.statusCode, paid.body).toBe(200);
    await sandboxOf(t).webhooks.settle();
    expect(['processing', 'paid']).toContain(await statusOf(big.id));
    const { rows } = await t.db.execute<{ action: string; actor_email: string }>(
      sql`select action, actor_email from staff_audit_log
          where target_id = ${big.id} and action = 'withdrawals.approve'`,
    );
    expect(rows).toEqual([{ action: 'withdrawals.approve', actor_email: third.email }]);
  });
});
