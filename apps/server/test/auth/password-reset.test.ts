import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/lib/clock';
import { createSmtpMailer } from '../../src/lib/mail/smtp-mailer';
import {
  codeSentTo,
  createPlayer,
  errorOf,
  login,
  me,
  newPlayerDetails,
  refreshCookie,
  signIn,
} from '../helpers/players';
import { startSmtpServer, type SmtpCapture } from '../helpers/smtp-capture';
import { buildTestApp, type TestApp } from '../helpers/test-app';

const newPassword = 'a fresh start at last';
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];

function requestReset(t: TestApp, email: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    headers,
    payload: { email },
  });
}

function confirmReset(t: TestApp, email: string, otp: string, password = newPassword) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/confirm',
    payload: { email, otp, password, confirmPassword: password },
  });
}

function refresh(t: TestApp, token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    cookies: { refresh_token: token },
  });
}

/** Time between the registration code and a reset in most tests (a reset need not wait). */
const afterRegistrationCode = 61_000;

describe('password reset over SMTP, end to end', () => {
  const clock = fixedClock(new Date('2026-03-01T10:00:00Z'));
  let smtp: SmtpCapture;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer({ authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'] });
    const overSmtp = createSmtpMailer({
      url: `smtp://127.0.0.1:${smtp.port}`,
      from: 'Orbita <no-reply@orbita.local>',
    });
    t = await buildTestApp({
      clock,
      mailer: {
        // Over the wire, and kept for createPlayer's registration codes.
        async send(message) {
          await overSmtp.send(message);
          t.outbox.push(message);
        },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('mails a code that sets the new password once, ends every session and signs in', async () => {
    const player = await createPlayer(t);
    const other = await signIn(t, player);
    clock.advance(afterRegistrationCode);

    const asked = await requestReset(t, player.email, { 'accept-language': 'en' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({
      message: 'If an account uses this e-mail, a code to reset its password is on its way.',
      resend_after: 60,
      expires_in: 600,
    });
    await t.app.auth.passwordReset.settle();
    const mail = smtp.inbox.filter((m) => m.envelopeTo.includes(player.email)).at(-1);
    expect(mail?.subject).toBe('Orbita: your password reset code');
    expect(mail?.text).toContain(`Hello, ${player.username}!`);
    const code = codeIn(mail?.text ?? '') ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(mail?.html).toContain(`>${code}<`);

    const done = await confirmReset(t, player.email, code);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.headers['cache-control']).toBe('no-store');
    const fresh = done.json<{ access_token: string }>().access_token;
    expect(refreshCookie(done)?.httpOnly).toBe(true);
    expect((await me(t, fresh)).json()).toMatchObject({ email: player.email });

    // Every session from before is over, access tokens and refresh tokens alike.
    for (const session of [player, other]) {
      expect((await me(t, session.accessToken)).statusCode).toBe(401);
      const refused = await refresh(t, session.refreshToken);
      expect(refused.statusCode).toBe(401);
      expect(errorOf(refused).code).toBe('SESSION_REVOKED');
    }

    expect((await login(t, player.email, player.password)).statusCode).toBe(401);
    expect((await login(t, player.email, newPassword)).statusCode).toBe(201);

    // Single use: the same code again is refused, whatever the password.
    const again = await confirmReset(t, player.email, code, 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).code).toBe('OTP_INVALID');
    expect((await login(t, player.email, newPassword)).statusCode).toBe(201);
  });

  it('writes the mail in Russian when the browser asks for it', async () => {
    const player = await createPlayer(t);
    clock.advance(afterRegistrationCode);
    const asked = await requestReset(t, player.email, { 'accept-language': 'ru-RU,ru' });
    expect(asked.statusCode, asked.body).toBe(202);
    await t.app.auth.passwordReset.settle();
    const mail = smtp.inbox.filter((m) => m.envelopeTo.includes(player.email)).at(-1);
    expect(mail?.subject).toBe('Orbita: код для сброса пароля');
    expect(mail?.text).toContain(`Здравствуйте, ${player.username}!`);
  });
});

describe('password reset rules', () => {
  const clock = fixedClock(new Date('2026-03-02T10:00:00Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(async () => {
    await t.close();
  });

  /** Asks for a reset and returns the code mailed for it. */
  async function mailedCode(email: string) {
    const res = await requestReset(t, email);
    expect(res.statusCode, res.body).toBe(202);
    await t.app.auth.passwordReset.settle();
    return codeSentTo(t.outbox, email);
  }

  it('mails a reset asked for right after the registration code (issue 25)', async () => {
    const player = await createPlayer(t);
    const registrationCode = codeSentTo(t.outbox, player.email);
    const res = await requestReset(t, player.email);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ resend_after: 60 });
    await t.app.auth.passwordReset.settle();
    const resetMail = t.outbox.at(-1);
    expect(resetMail?.to).toBe(player.email);
    const resetCode = codeSentTo(t.outbox, player.email);
    expect(resetCode).toMatch(/^\d{6}$/);
    if (resetCode !== registrationCode) {
      expect(errorOf(await confirmReset(t, player.email, registrationCode)).code).toBe(
        'OTP_INVALID',
      );
    }
    expect((await confirmReset(t, player.email, resetCode)).statusCode).toBe(201);
  });

  it('refuses a code once its ten minutes are over', async () => {
    const player = await createPlayer(t);
    clock.advance(afterRegistrationCode);
    const code = await mailedCode(player.email);
    clock.advance(10 * 60_000);
    const res = await confirmReset(t, player.email, code);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('OTP_EXPIRED');
    expect((await login(t, player.email, player.password)).statusCode).toBe(201);
  });

  it('kills the code at the fifth wrong one: the right code no longer works', async () => {
    const player = await createPlayer(t);
    clock.advance(afterRegistrationCode);
    const code = await mailedCode(player.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const codes: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      codes.push(errorOf(await confirmReset(t, player.email, wrong)).code);
    }
    expect(codes).toEqual([
      'OTP_INVALID',
      'OTP_INVALID',
      'OTP_INVALID',
      'OTP_INVALID',
      'OTP_ATTEMPTS_EXCEEDED',
    ]);
    const right = await confirmReset(t, player.email, code);
    expect(errorOf(right).code).toBe('OTP_ATTEMPTS_EXCEEDED');
    expect((await login(t, player.email, player.password)).statusCode).toBe(201);
  });

  it('replaces the code when asked again (after the minute), and refuses common passwords', async () => {
    const player = await createPlayer(t);
    clock.advance(afterRegistrationCode);
    const first = await mailedCode(player.email);
    clock.advance(afterRegistrationCode);
    const second = await mailedCode(player.email);
    if (first !== second) {
      expect(errorOf(await confirmReset(t, player.email, first)).code).toBe('OTP_INVALID');
    }
    const common = await confirmReset(t, player.email, second, 'password123');
    expect(common.statusCode).toBe(400);
    expect(errorOf(common).code).toBe('PASSWORD_TOO_COMMON');
    expect((await confirmReset(t, player.email, second)).statusCode).toBe(201);
  });

  it('refuses a mismatched confirmation with the contract message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: {
        email: 'someone@example.com',
        otp: '123456',
        password: newPassword,
        confirmPassword: 'something else',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toContainEqual({
      path: 'confirmPassword',
      message: 'passwordsdonotmatch',
    });
  });

  describe('no account enumeration', () => {
    it('answers a known and an unknown address alike, and mails only the known one', async () => {
      const player = await createPlayer(t);
      clock.advance(afterRegistrationCode);
      const stranger = newPlayerDetails().email;
      const known = await requestReset(t, player.email);
      const unknown = await requestReset(t, stranger);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.json()).toEqual(known.json());
      await t.app.auth.passwordReset.settle();
      expect(t.outbox.some((m) => m.to === stranger)).toBe(false);
      expect(codeSentTo(t.outbox, player.email)).toMatch(/^\d{6}$/);

      // The resend limit holds for both, with the same wait.
      const knownAgain = await requestReset(t, player.email);
      const unknownAgain = await requestReset(t, stranger);
      expect(knownAgain.statusCode).toBe(429);
      expect(unknownAgain.statusCode).toBe(429);
      const { requestId: _a, ...knownError } = errorOf(knownAgain) as { requestId?: string };
      const { requestId: _b, ...unknownError } = errorOf(unknownAgain) as { requestId?: string };
      expect(unknownError).toEqual(knownError);
      expect(unknownAgain.headers['retry-after']).toBe(knownAgain.headers['retry-after']);

      // A code for an address without an account is refused like a wrong one.
      const guessed = await confirmReset(t, stranger, '123456');
      expect(guessed.statusCode).toBe(400);
      expect(errorOf(guessed).code).toBe('OTP_INVALID');
    });

    it('takes about as long for a known address as for an unknown one', async () => {
      const rounds = 16;
      const players = [];
      for (let i = 0; i < rounds; i += 1) players.push(await createPlayer(t));
      clock.advance(afterRegistrationCode);
      let ip = 0;
      const timed = async (email: string) => {
        // A fresh address each time keeps the per-IP rate limit (10 a minute) out of the way.
        ip += 1;
        const started = process.hrtime.bigint();
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/password-reset',
          remoteAddress: `10.9.0.${ip}`,
          payload: { email },
        });
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        expect(res.statusCode).toBe(202);
        // The known address's mail goes out after the answer; let it finish outside the clock.
        await t.app.auth.passwordReset.settle();
        return ms;
      };
      const knownMs: number[] = [];
      const unknownMs: number[] = [];
      for (const [i, player] of players.entries()) {
        // Alternating which goes first, so warming up favours neither.
        if (i % 2 === 0) {
          knownMs.push(await timed(player.email));
          unknownMs.push(await timed(newPlayerDetails().email));
        } else {
          unknownMs.push(await timed(newPlayerDetails().email));
          knownMs.push(await timed(player.email));
        }
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const gap = Math.abs(median(knownMs) - median(unknownMs));
      console.info(
        `password reset answer, median of ${rounds}: known ${median(knownMs).toFixed(2)} ms, unknown ${median(unknownMs).toFixed(2)} ms`,
      );
      // A mail handed to SMTP or an argon2 hash in the known path would add 50 ms or more; the
      // bound leaves room for the noise of a busy test machine.
      expect(gap).toBeLessThan(20);
    });
  });
});
