import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/lib/clock';
import {
  bearer,
  codeSentTo,
  createPlayer,
  errorOf,
  login,
  me,
  newPlayerDetails,
  type SignedInPlayer,
} from '../helpers/players';
import { buildTestApp, type TestApp } from '../helpers/test-app';

describe('settings', () => {
  const clock = fixedClock(new Date());
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const patchSetting = (player: SignedInPlayer, payload: unknown, headers = {}) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/user/setting',
      headers: { ...bearer(player.accessToken), ...headers },
      payload: payload as Record<string, unknown>,
    });
  const verifySetting = (player: SignedInPlayer, data: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/verify-setting',
      headers: bearer(player.accessToken),
      payload: { data },
    });

  describe('PATCH /api/user/setting: username', () => {
    it('applies a free username at once', async () => {
      const player = await createPlayer(t);
      const name = newPlayerDetails().username;
      const res = await patchSetting(player, { username: name });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'updated', user: { username: name } });
      expect(res.json<Record<string, unknown>>()).not.toHaveProperty('pending_email');
      expect((await me(t, player.accessToken)).json()).toMatchObject({ username: name });
    });

    it('lets the player change the case of their own name', async () => {
      const player = await createPlayer(t);
      const res = await patchSetting(player, { username: player.username.toUpperCase() });
      expect(res.statusCode).toBe(200);
    });

    it('answers 409 USERNAME_BUSY for a name another account has', async () => {
      const a = await createPlayer(t);
      const b = await createPlayer(t);
      const res = await patchSetting(b, { username: a.username.toUpperCase() });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).code).toBe('USERNAME_BUSY');
      expect((await me(t, a.accessToken)).json()).toMatchObject({ username: a.username });
      expect((await me(t, b.accessToken)).json()).toMatchObject({ username: b.username });
    });

    it.each([
      [{ username: 'x' }, 'username', 'usernamelength'],
      [{ username: 'has space' }, 'username', 'usernamechars'],
      [{ email: 'bad' }, 'email', 'invalidemail'],
    ])('validates %j', async (payload, path, message) => {
      const player = await createPlayer(t);
      const res = await patchSetting(player, payload);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields).toContainEqual({ path, message });
    });

    it('takes one field at a time', async () => {
      const player = await createPlayer(t);
      for (const payload of [{}, { username: 'new_name_1', email: 'a@b.co' }, { other: 1 }]) {
        expect((await patchSetting(player, payload)).statusCode).toBe(400);
      }
    });
  });

  describe('PATCH /api/user/setting: e-mail, then POST /api/user/verify-setting', () => {
    it('sends a code to the new address and applies it with the code', async () => {
      const player = await createPlayer(t);
      const newEmail = newPlayerDetails().email;
      const res = await patchSetting(
        player,
        { email: newEmail.toUpperCase() },
        {
          'accept-language': 'en',
        },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'verification_sent',
        user: { email: player.email },
        pending_email: newEmail,
      });
      const mail = t.outbox.at(-1);
      expect(mail?.to).toBe(newEmail);
      expect(mail?.subject).toBe('Orbita: confirm your new e-mail');
      // Nothing changes until the code comes back.
      expect((await me(t, player.accessToken)).json()).toMatchObject({ email: player.email });

      const verified = await verifySetting(player, codeSentTo(t.outbox, newEmail));
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toMatchObject({ status: 'updated', user: { email: newEmail } });
      expect((await login(t, newEmail, player.password)).statusCode).toBe(201);
      expect((await login(t, player.email, player.password)).statusCode).toBe(401);
    });

    it('answers 400 NOTHING_TO_VERIFY when no change is pending (or it was applied)', async () => {
      const player = await createPlayer(t);
      const res = await verifySetting(player, '123456');
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('NOTHING_TO_VERIFY');
    });

    it('answers 409 EMAIL_BUSY for an address an account has, without sending a code', async () => {
      const a = await createPlayer(t);
      const b = await createPlayer(t);
      const sent = t.outbox.length;
      const res = await patchSetting(b, { email: a.email });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).code).toBe('EMAIL_BUSY');
      expect(t.outbox.length).toBe(sent);
      expect(errorOf(await patchSetting(b, { email: b.email })).code).toBe('EMAIL_BUSY');
    });

    it('answers 409 EMAIL_BUSY when the address was taken meanwhile', async () => {
      const player = await createPlayer(t);
      const wanted = newPlayerDetails().email;
      await patchSetting(player, { email: wanted });
      const code = codeSentTo(t.outbox, wanted);
      // The resend limits are per address, whatever the purpose of the code.
      clock.advance(60_000);
      await createPlayer(t, { email: wanted });
      const res = await verifySetting(player, code);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).code).toBe('EMAIL_BUSY');
      expect(errorOf(await verifySetting(player, code)).code).toBe('NOTHING_TO_VERIFY');
      expect((await me(t, player.accessToken)).json()).toMatchObject({ email: player.email });
    });

    it('follows the code rules: wrong, attempts, expiry', async () => {
      const player = await createPlayer(t);
      const wanted = newPlayerDetails().email;
      await patchSetting(player, { email: wanted });
      const code = codeSentTo(t.outbox, wanted);
      const wrong = code === '000000' ? '000001' : '000000';
      for (let i = 0; i < 4; i++) {
        const res = await verifySetting(player, wrong);
        expect(errorOf(res)).toMatchObject({
          code: 'OTP_INVALID',
          fields: [{ path: 'data', message: 'otpinvalid' }],
        });
      }
      expect(errorOf(await verifySetting(player, wrong)).code).toBe('OTP_ATTEMPTS_EXCEEDED');
      expect(errorOf(await verifySetting(player, code)).code).toBe('OTP_ATTEMPTS_EXCEEDED');

      clock.advance(60_000);
      await patchSetting(player, { email: wanted });
      const fresh = codeSentTo(t.outbox, wanted);
      clock.advance(10 * 60_000);
      expect(errorOf(await verifySetting(player, fresh)).code).toBe('OTP_EXPIRED');
    });

    it('limits codes to the new address like registration does', async () => {
      const player = await createPlayer(t);
      const wanted = newPlayerDetails().email;
      expect((await patchSetting(player, { email: wanted })).statusCode).toBe(200);
      const again = await patchSetting(player, { email: wanted });
      expect(again.statusCode).toBe(429);
      expect(errorOf(again).code).toBe('OTP_RESEND_LIMIT');
      expect(again.headers['retry-after']).toBe('60');
    });

    it('keeps a code to the player who asked for it', async () => {
      const a = await createPlayer(t);
      const b = await createPlayer(t);
      const wanted = newPlayerDetails().email;
      await patchSetting(a, { email: wanted });
      const code = codeSentTo(t.outbox, wanted);
      expect(errorOf(await verifySetting(b, code)).code).toBe('NOTHING_TO_VERIFY');
      expect((await verifySetting(a, code)).statusCode).toBe(200);
      expect((await me(t, b.accessToken)).json()).toMatchObject({ email: b.email });
    });

    it('validates the code', async () => {
      const player = await createPlayer(t);
      const res = await verifySetting(player, '12ab56');
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields).toEqual([{ path: 'data', message: 'otperror' }]);
    });
  });
});
