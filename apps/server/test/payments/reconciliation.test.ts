import { randomUUID } from 'node:crypto';
import type { Payment } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsRepository } from '../../src/features/payments/payments-repository';
import { expectLedgerClean } from '../helpers/ledger';
import { createPlayer } from '../helpers/players';
import type { TestApp } from '../helpers/test-app';
import {
  balanceOf,
  buildCashierApp,
  cardToken,
  cards,
  deposit,
  fundedByCard,
  getPayment,
  sandboxOf,
  withdraw,
} from './payments-helpers';

/**
 * The cashier's reconciliation (features/payments/reconciliation.ts): payments left half-way
 * by a stopped process or a webhook that never came are put right from the ledger and the
 * card service's record, once. Each test plays the half-way state as a kill would leave it,
 * then ages the row past the reconciliation's 10 minutes.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildCashierApp();
});
afterAll(async () => {
  await t.close();
});

const reconcile = () => t.app.payments.reconciliation.runOnce();
const age = (id: string) =>
  t.db.execute(sql`update payments set updated_at = now() - interval '1 hour' where id = ${id}`);
const row = async (id: string) => {
  const { rows } = await t.db.execute<{
    status: string;
    ledger_entry_id: string | null;
    reversal_entry_id: string | null;
  }>(sql`select status, ledger_entry_id::text, reversal_entry_id::text from payments
         where id = ${id}`);
  return rows[0];
};

describe('payments reconciliation', () => {
  it('a deposit credited but left pending is marked succeeded, not credited again', async () => {
    const player = await createPlayer(t);
    const token = await cardToken(t, player, cards.approved);
    const paid = (
      await deposit(t, player, { amount: '100.00', payment_method: token })
    ).json<Payment>();
    await sandboxOf(t).webhooks.settle();
    await t.db.execute(
      sql`update payments set status = 'pending', ledger_entry_id = null where id = ${paid.id}`,
    );
    // Untouched for less than 10 minutes: a request may still be working on it.
    expect((await reconcile()).checked).toBe(0);
    await age(paid.id);
    expect(await reconcile()).toMatchObject({ checked: 1, settled: 1, unknown: 0, failed: 0 });
    expect(await row(paid.id)).toMatchObject({ status: 'succeeded' });
    expect((await row(paid.id))?.ledger_entry_id).not.toBeNull();
    expect(await balanceOf(t, player)).toBe('100.00');
    expect((await reconcile()).checked).toBe(0);
    await expectLedgerClean(t.db);
  });

  it('a withdrawal debited but left requested becomes pending', async () => {
    const player = await createPlayer(t);
    const token = await fundedByCard(t, player, '100.00');
    const taken = (
      await withdraw(t, player, { amount: '40.00', payment_method: token })
    ).json<Payment>();
    expect(taken.status).toBe('pending');
    await t.db.execute(
      sql`update payments set status = 'requested', ledger_entry_id = null where id = ${taken.id}`,
    );
    await age(taken.id);
    expect(await reconcile()).toMatchObject({ checked: 1, settled: 1 });
    expect(await row(taken.id)).toMatchObject({ status: 'pending' });
    expect((await row(taken.id))?.ledger_entry_id).not.toBeNull();
    expect(await balanceOf(t, player)).toBe('60.00');
    await expectLedgerClean(t.db);
  });

  it('a withdrawal requested but never debited is dropped, as if never submitted', async () => {
    const player = await createPlayer(t);
    await fundedByCard(t, player, '100.00');
    const id = randomUUID();
    const long = new Date(Date.now() - 3_600_000);
    await paymentsRepository(t.db).insert({
      id,
      userId: player.id,
      direction: 'withdrawal',
      method: 'card',
      provider: 'card',
      status: 'requested',
      amount: 30_000n,
      currency: 'USD',
      idempotencyKey: `stopped-before-debit-${id}`,
      request: { amount: '30000', payment_method: 'pm_x' },
      createdAt: long,
      updatedAt: long,
    });
    expect(await reconcile()).toMatchObject({ checked: 1, settled: 1 });
    expect(await row(id)).toBeUndefined();
    expect(await balanceOf(t, player)).toBe('100.00');
    await expectLedgerClean(t.db);
  });

  it('a cancelled withdrawal whose money did not come back gets it back once', async () => {
    const player = await createPlayer(t);
    const token = await fundedByCard(t, player, '100.00');
    const taken = (
      await withdraw(t, player, { amount: '40.00', payment_method: token })
    ).json<Payment>();
    // The cancel's status change committed, then the process stopped before the reversal.
    await t.db.execute(sql`update payments set status = 'canceled' where id = ${taken.id}`);
    await age(taken.id);
    expect(await reconcile()).toMatchObject({ checked: 1, settled: 1 });
    expect(await balanceOf(t, player)).toBe('100.00');
    expect((await row(taken.id))?.reversal_entry_id).not.toBeNull();
    expect((await reconcile()).checked).toBe(0);
    expect(await balanceOf(t, player)).toBe('100.00');
    await expectLedgerClean(t.db);
  });

  it('a charge the card service does not know is left pending and reported', async () => {
    const player = await createPlayer(t);
    const token = await cardToken(t, player, cards.threeDSecure);
    const waiting = (
      await deposit(t, player, { amount: '20.00', payment_method: token })
    ).json<Payment>();
    expect(waiting.status).toBe('requires_action');
    await t.db.execute(
      sql`update payments set provider_ref = 'pi_unknown_to_the_service' where id = ${waiting.id}`,
    );
    await age(waiting.id);
    expect(await reconcile()).toMatchObject({ checked: 1, settled: 0, unknown: 1 });
    expect(await row(waiting.id)).toMatchObject({ status: 'requires_action' });
    expect(await balanceOf(t, player)).toBe('0.00');
    await t.db.execute(sql`update payments set status = 'failed' where id = ${waiting.id}`);
  });

  // Last: it closes the sandbox's webhook dispatcher.
  it('a 3-D Secure deposit completed at the service whose webhook never came is credited once', async () => {
    const player = await createPlayer(t);
    const token = await cardToken(t, player, cards.threeDSecure);
    const waiting = (
      await deposit(t, player, { amount: '100.00', payment_method: token })
    ).json<Payment>();
    expect(waiting.status).toBe('requires_action');
    await sandboxOf(t).webhooks.settle();
    sandboxOf(t).webhooks.close();
    const done = await t.app.inject({
      method: 'POST',
      url: `${waiting.redirect_url ?? ''}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(done.statusCode).toBe(303);
    // The webhook that would have credited it is never sent.
    expect((await getPayment(t, player, waiting.id)).json<Payment>().status).toBe(
      'requires_action',
    );
    await age(waiting.id);
    expect(await reconcile()).toMatchObject({ checked: 1, settled: 1 });
    expect((await getPayment(t, player, waiting.id)).json<Payment>()).toMatchObject({
      status: 'succeeded',
      display_status: 'confirmed',
    });
    expect(await balanceOf(t, player)).toBe('100.00');
    expect((await reconcile()).checked).toBe(0);
    expect(await balanceOf(t, player)).toBe('100.00');
    await expectLedgerClean(t.db);
  });
});
