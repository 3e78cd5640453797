import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayer, errorOf } from '../helpers/players';
import type { TestApp } from '../helpers/test-app';
import { buildCashierApp, deposit } from './payments-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildCashierApp();
});
afterAll(async () => {
  await t.close();
});

describe('payment submissions per client address', () => {
  it('allows 60 a minute, then answers 429 with Retry-After', async () => {
    const player = await createPlayer(t);
    // Cheap ones (an unknown token is refused): the limit counts attempts, not successes.
    for (let i = 0; i < 60; i++) {
      const res = await deposit(t, player, { amount: '1.00', payment_method: 'pm_none' });
      expect(res.statusCode).toBe(400);
    }
    const limited = await deposit(t, player, { amount: '1.00', payment_method: 'pm_none' });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
