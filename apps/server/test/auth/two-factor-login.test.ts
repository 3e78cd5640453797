import { describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../src/features/auth/two-factor-totp';
import { bearer, errorOf, login, me, refreshCookie } from '../helpers/players';
import { twoFactorSuite } from './two-factor-suite';

const { clock, t, nextCode, enrolledPlayer, challengeOf, secondStep } = twoFactorSuite();

describe('login with two-factor sign-in on', () => {
  it('answers a challenge after the password (no tokens), then signs in with the code', async () => {
    const player = await enrolledPlayer();
    const first = await login(t, player.email, player.password);
    expect(first.statusCode).toBe(200);
    const body = first.json<{
      twoFactorRequired: boolean;
      challenge: string;
      expires_in: number;
    }>();
    expect(body.twoFactorRequired).toBe(true);
    expect(body.expires_in).toBe(300);
    expect(body).not.toHaveProperty('access_token');
    expect(refreshCookie(first)).toBeUndefined();

    const done = await secondStep(body.challenge, nextCode(player.secret));
    expect(done.statusCode, done.body).toBe(201);
    const token = done.json<{ access_token: string }>().access_token;
    expect(refreshCookie(done)?.value).toBeTruthy();
    expect((await me(t, token)).statusCode).toBe(200);
  });

  it('a wrong password still answers 401, before any second step', async () => {
    const player = await enrolledPlayer();
    const res = await login(t, player.email, 'not the password');
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses the same code twice (replay), and a code of an older step', async () => {
    const player = await enrolledPlayer();
    const code = nextCode(player.secret);
    expect((await secondStep(await challengeOf(player), code)).statusCode).toBe(201);
    const replay = await secondStep(await challengeOf(player), code);
    expect(replay.statusCode).toBe(400);
    expect(errorOf(replay).code).toBe('TWO_FACTOR_INVALID');
    // The previous step's code is inside the ±1 window, but older than the one used.
    const older = totpCodeAt(player.secret, new Date(clock.now().getTime() - 30_000));
    expect((await secondStep(await challengeOf(player), older)).statusCode).toBe(400);
  });

  it('accepts a code one step either side of now, not two', async () => {
    const player = await enrolledPlayer();
    clock.advance(5 * 30_000);
    const at = (steps: number) =>
      totpCodeAt(player.secret, new Date(clock.now().getTime() + steps * 30_000));
    expect((await secondStep(await challengeOf(player), at(-2))).statusCode).toBe(400);
    expect((await secondStep(await challengeOf(player), at(1))).statusCode).toBe(201);
    expect((await secondStep(await challengeOf(player), at(2))).statusCode).toBe(400);
  });

  it('a recovery code signs in once; the count goes down', async () => {
    const player = await enrolledPlayer();
    const [code] = player.recoveryCodes as [string];
    const ok = await secondStep(await challengeOf(player), code.toUpperCase());
    expect(ok.statusCode, ok.body).toBe(201);
    const again = await secondStep(await challengeOf(player), code);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).code).toBe('TWO_FACTOR_INVALID');
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/user/two-factor',
      headers: bearer(player.accessToken),
    });
    expect(status.json<{ recovery_codes_left: number }>().recovery_codes_left).toBe(9);
  });

  it('a challenge expires after 5 minutes, and a forged one opens nothing', async () => {
    const player = await enrolledPlayer();
    const challenge = await challengeOf(player);
    clock.advance(300_000);
    const late = await secondStep(challenge, totpCodeAt(player.secret, clock.now()));
    expect(late.statusCode).toBe(401);
    expect(errorOf(late).code).toBe('TWO_FACTOR_CHALLENGE_INVALID');
    const [userId, expiry, nonce] = (await challengeOf(player)).split('.');
    const forged = `${userId}.${Number(expiry) + 3600}.${nonce}.${'A'.repeat(43)}`;
    expect((await secondStep(forged, nextCode(player.secret))).statusCode).toBe(401);
  });

  it('wrong codes are throttled: 5 on one challenge, then 429 even for the right code', async () => {
    const player = await enrolledPlayer();
    const challenge = await challengeOf(player, '10.9.0.1');
    for (let i = 0; i < 5; i += 1) {
      const res = await secondStep(challenge, '000000', '10.9.0.1');
      expect(res.statusCode).toBe(400);
    }
    const locked = await secondStep(challenge, nextCode(player.secret), '10.9.0.1');
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked).code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // A new challenge (the password again) works: the pair lock is the challenge's.
    const fresh = await secondStep(
      await challengeOf(player, '10.9.0.1'),
      nextCode(player.secret),
      '10.9.0.1',
    );
    expect(fresh.statusCode, fresh.body).toBe(201);
  });

  it('wrong codes are throttled per account: 10 in an hour across challenges, then 429', async () => {
    const player = await enrolledPlayer();
    for (let i = 0; i < 10; i += 1) {
      const res = await secondStep(
        await challengeOf(player, `10.8.0.${i}`),
        '000000',
        `10.8.0.${i}`,
      );
      expect(res.statusCode).toBe(400);
    }
    const locked = await secondStep(
      await challengeOf(player, '10.8.1.1'),
      nextCode(player.secret),
      '10.8.1.1',
    );
    expect(locked.statusCode).toBe(429);
    clock.advance(15 * 60_000);
    const later = await secondStep(
      await challengeOf(player, '10.8.1.1'),
      nextCode(player.secret),
      '10.8.1.1',
    );
    expect(later.statusCode, later.body).toBe(201);
  });
});
