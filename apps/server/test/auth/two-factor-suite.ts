import { afterAll, beforeAll, expect } from 'vitest';
import { fixedClock } from '../../src/lib/clock';
import { totpCodeAt } from '../../src/features/auth/two-factor-totp';
import { bearer, createPlayer, login, type SignedInPlayer } from '../helpers/players';
import type { TestApp } from '../helpers/test-app';
import { buildCashierApp } from '../payments/payments-helpers';

export interface Enrolled extends SignedInPlayer {
  secret: string;
  recoveryCodes: string[];
}

/**
 * Two-factor sign-in end to end (issue 15, docs/decisions/051): enrolment, the login's
 * second step, recovery codes, wrong codes throttled, and the gates of the e-mail change
 * and of withdrawals. The clock is fixed: each fresh code is taken one step (30 s) later.
 */
export function twoFactorSuite() {
  const clock = fixedClock(new Date('2026-03-02T10:00:00Z'));
  /** Filled before the file's tests run. */
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await buildCashierApp({ clock }));
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (player: { accessToken: string }, url: string, payload?: object, ip?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: bearer(player.accessToken),
      ...(payload ? { payload } : {}),
      ...(ip ? { remoteAddress: ip } : {}),
    });

  /** A code of the next 30-second step (each code works once). */
  function nextCode(secret: string): string {
    clock.advance(30_000);
    return totpCodeAt(secret, clock.now());
  }

  async function enrolledPlayer(): Promise<Enrolled> {
    const player = await createPlayer(t);
    const setup = await post(player, '/api/user/two-factor/setup');
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json<{ secret: string }>();
    const confirm = await post(player, '/api/user/two-factor/confirm', { code: nextCode(secret) });
    expect(confirm.statusCode, confirm.body).toBe(200);
    return {
      ...player,
      secret,
      recoveryCodes: confirm.json<{ recovery_codes: string[] }>().recovery_codes,
    };
  }

  async function challengeOf(player: SignedInPlayer, ip?: string): Promise<string> {
    const res = await login(t, player.email, player.password, ip);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ challenge: string }>().challenge;
  }

  const secondStep = (challenge: string, code: string, ip?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login/two-factor',
      payload: { challenge, code },
      ...(ip ? { remoteAddress: ip } : {}),
    });

  return { clock, t, post, nextCode, enrolledPlayer, challengeOf, secondStep };
}
