import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../../src/lib/mail/smtp-mailer';
import { startSmtpServer } from '../helpers/smtp-capture';
import { errorOf, me, newPlayerDetails, register, verify } from '../helpers/players';
import { buildTestApp, type TestApp } from '../helpers/test-app';

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];

describe('e-mail over SMTP', () => {
  describe('a plain server without authentication or STARTTLS (like the browser tests sink)', () => {
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let t: TestApp;
    beforeAll(async () => {
      smtp = await startSmtpServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
      });
      t = await buildTestApp({
        mailer: createSmtpMailer({
          url: `smtp://127.0.0.1:${smtp.port}`,
          from: 'Orbita <no-reply@orbita.local>',
        }),
      });
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });

    it('delivers the Russian code mail; the code from it creates the account', async () => {
      const player = newPlayerDetails();
      expect((await register(t, player, { 'accept-language': 'ru-RU,ru' })).statusCode).toBe(201);
      const mail = smtp.inbox.find((m) => m.envelopeTo.includes(player.email));
      expect(mail).toBeDefined();
      expect(mail?.from).toBe('no-reply@orbita.local');
      expect(mail?.subject).toBe('Orbita: код для регистрации');
      expect(mail?.text).toContain(`Здравствуйте, ${player.username}!`);
      const code = codeIn(mail?.text ?? '');
      expect(code).toMatch(/^\d{6}$/);
      expect(mail?.html).toContain(`>${code}<`);

      const verified = await verify(t, player, code ?? '');
      expect(verified.statusCode).toBe(201);
      const token = verified.json<{ access_token: string }>().access_token;
      expect((await me(t, token)).json()).toMatchObject({ email: player.email });
    });

    it('delivers the English mail with a text and an HTML part', async () => {
      const player = newPlayerDetails();
      expect((await register(t, player, { 'accept-language': 'en-US,en;q=0.9' })).statusCode).toBe(
        201,
      );
      const mail = smtp.inbox.find((m) => m.envelopeTo.includes(player.email));
      expect(mail?.subject).toBe('Orbita: your registration code');
      expect(mail?.text).toContain('Enter this code to finish creating your account');
      expect(mail?.raw).toMatch(/Content-Type: text\/plain/i);
      expect(mail?.raw).toMatch(/Content-Type: text\/html/i);
      const code = codeIn(mail?.text ?? '');
      expect(mail?.html).toContain(`>${code}<`);
      expect((await verify(t, player, code ?? '')).statusCode).toBe(201);
    });
  });

  describe('a server with authentication and a STARTTLS it must not use (?ignoreTLS=true)', () => {
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let t: TestApp;
    const logins: string[] = [];
    beforeAll(async () => {
      // smtp-server offers STARTTLS with a self-signed certificate, which would fail.
      smtp = await startSmtpServer({
        allowInsecureAuth: true,
        onAuth(auth, _session, callback) {
          logins.push(`${auth.username}:${auth.password}`);
          if (auth.username === 'mailer' && auth.password === 's3cret') {
            callback(null, { user: 'mailer' });
          } else {
            callback(new Error('Invalid username or password'));
          }
        },
      });
      t = await buildTestApp({
        mailer: createSmtpMailer({
          url: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}?ignoreTLS=true`,
          from: 'casino@example.com',
        }),
      });
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });

    it('signs in to the server and delivers', async () => {
      const player = newPlayerDetails();
      expect((await register(t, player)).statusCode).toBe(201);
      expect(logins).toContain('mailer:s3cret');
      const mail = smtp.inbox.find((m) => m.envelopeTo.includes(player.email));
      expect(mail?.from).toBe('casino@example.com');
      expect(codeIn(mail?.text ?? '')).toMatch(/^\d{6}$/);
    });
  });

  describe('a server that is down', () => {
    let t: TestApp;
    beforeAll(async () => {
      const smtp = await startSmtpServer({ authOptional: true });
      const port = smtp.port;
      await smtp.close();
      t = await buildTestApp({
        mailer: createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'a@b.co' }),
      });
    });
    afterAll(async () => {
      await t.close();
    });

    it('makes registration answer 503 SERVICE_UNAVAILABLE', async () => {
      const res = await register(t, newPlayerDetails());
      expect(res.statusCode).toBe(503);
      expect(errorOf(res).code).toBe('SERVICE_UNAVAILABLE');
    });
  });
});
