import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsRepository } from '../../src/features/payments/payments-repository';
import {
  createPaymentsService,
  type PaymentsServiceDeps,
} from '../../src/features/payments/payments-service';
import { systemClock } from '../../src/lib/clock';
import { markIdentityVerified } from '../helpers/identity';
import { createPlayer } from '../helpers/players';
import type { TestApp } from '../helpers/test-app';
import { balanceOf, buildCashierApp, fundedByCard } from './payments-helpers';
import { expectLedgerClean } from '../helpers/ledger';

let t: TestApp;
beforeAll(async () => {
  t = await buildCashierApp();
});
afterAll(async () => {
  await t.close();
});

describe('a withdrawal whose row a refused twin dropped', () => {
  it('gives the money straight back instead of keeping a debit no payment holds', async () => {
    const player = await createPlayer(t);
    const token = await fundedByCard(t, player, '100.00');
    const repo = paymentsRepository(t.db);
    // The twin's refusal lands between this request's posting and its status change.
    const racing: typeof repo = {
      ...repo,
      async advance(id, from, to, patch, now) {
        if (to === 'pending') await repo.dropRequested(id);
        return repo.advance(id, from, to, patch, now);
      },
    };
    await markIdentityVerified(t.db, player.id);
    const service = createPaymentsService({
      db: t.db,
      repo: racing,
      ledger: t.app.wallet,
      clock: systemClock,
      logger: t.app.log,
      config: t.config.payments,
      card: { slug: 'card' },
      crypto: undefined,
      identity: t.app.identity,
      returnUrl: () => '/',
    } as unknown as PaymentsServiceDeps);
    await expect(
      service.requestCardWithdrawal(player.id, {
        amount: '40.00',
        payment_method: token,
        idempotency_key: randomUUID(),
      }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await balanceOf(t, player)).toBe('100.00');
    await expectLedgerClean(t.db);
  });
});
