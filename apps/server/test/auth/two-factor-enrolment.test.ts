import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createPlayer, errorOf, login } from '../helpers/players';
import { twoFactorSuite } from './two-factor-suite';

const { clock, t, post, nextCode, enrolledPlayer, challengeOf, secondStep } = twoFactorSuite();

describe('enrolment', () => {
  it('starts with a secret and otpauth URI, and is on only after a right code', async () => {
    const player = await createPlayer(t);
    const off = await t.app.inject({
      method: 'GET',
      url: '/api/user/two-factor',
      headers: bearer(player.accessToken),
    });
    expect(off.json()).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0 });

    const setup = await post(player, '/api/user/two-factor/setup');
    expect(setup.statusCode).toBe(200);
    expect(setup.headers['cache-control']).toBe('no-store');
    const { secret, otpauth_uri } = setup.json<{ secret: string; otpauth_uri: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauth_uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Orbita:${player.email}`);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      secret,
      issuer: 'Orbita',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });

    // Not on yet: login still answers tokens.
    expect((await login(t, player.email, player.password)).statusCode).toBe(201);

    const wrong = await post(player, '/api/user/two-factor/confirm', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).code).toBe('TWO_FACTOR_INVALID');

    const confirm = await post(player, '/api/user/two-factor/confirm', { code: nextCode(secret) });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const codes = confirm.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);

    const on = await t.app.inject({
      method: 'GET',
      url: '/api/user/two-factor',
      headers: bearer(player.accessToken),
    });
    expect(on.json()).toEqual({
      enabled: true,
      enabled_at: clock.now().toISOString(),
      recovery_codes_left: 10,
    });
    // Set-up again while on: refused, the secret stays.
    const again = await post(player, '/api/user/two-factor/setup');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('TWO_FACTOR_ALREADY_ENABLED');
  });

  it('stores the secret encrypted and the recovery codes hashed, never in clear', async () => {
    const player = await enrolledPlayer();
    const [row] = (
      await t.db.execute<{ secret_ciphertext: string }>(
        sql`select secret_ciphertext from two_factor_authenticators where user_id = ${player.id}`,
      )
    ).rows;
    expect(row?.secret_ciphertext).toMatch(/^v1\./);
    expect(row?.secret_ciphertext).not.toContain(player.secret);
    const hashes = (
      await t.db.execute<{ code_hash: string }>(
        sql`select code_hash from two_factor_recovery_codes where user_id = ${player.id}`,
      )
    ).rows.map((r) => r.code_hash);
    expect(hashes).toHaveLength(10);
    for (const code of player.recoveryCodes) expect(hashes).not.toContain(code);
  });
});

describe('recovery codes and turning it off', () => {
  it('regenerates ten new codes for a code; the old ones stop working', async () => {
    const player = await enrolledPlayer();
    const res = await post(player, '/api/user/two-factor/recovery-codes', {
      code: nextCode(player.secret),
    });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(fresh).toHaveLength(10);
    const old = await secondStep(await challengeOf(player), player.recoveryCodes[0] as string);
    expect(old.statusCode).toBe(400);
    const ok = await secondStep(await challengeOf(player), fresh[0] as string);
    expect(ok.statusCode).toBe(201);
  });

  it('turns off with the password and a code; login answers tokens again', async () => {
    const player = await enrolledPlayer();
    const noCode = await post(player, '/api/user/two-factor/disable', {
      password: player.password,
    });
    expect(noCode.statusCode).toBe(400);
    const badPassword = await post(player, '/api/user/two-factor/disable', {
      password: 'not the password',
      code: nextCode(player.secret),
    });
    expect(badPassword.statusCode).toBe(400);
    expect(errorOf(badPassword).code).toBe('WRONG_PASSWORD');
    const badCode = await post(player, '/api/user/two-factor/disable', {
      password: player.password,
      code: '000000',
    });
    expect(errorOf(badCode).code).toBe('TWO_FACTOR_INVALID');
    const off = await post(player, '/api/user/two-factor/disable', {
      password: player.password,
      code: player.recoveryCodes[3],
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await login(t, player.email, player.password)).statusCode).toBe(201);
    const again = await post(player, '/api/user/two-factor/disable', {
      password: player.password,
      code: nextCode(player.secret),
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('TWO_FACTOR_NOT_ENABLED');
  });
});
