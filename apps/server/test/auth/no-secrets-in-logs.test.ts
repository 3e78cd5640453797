import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger';
import { createLogMailer } from '../../src/lib/mail/log-mailer';
import {
  bearer,
  codeSentTo,
  errorOf,
  login,
  newPlayerDetails,
  refreshCookie,
  register,
  verify,
} from '../helpers/players';
import { buildTestApp, type TestApp } from '../helpers/test-app';

describe('logs never hold passwords, codes or tokens', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp({
      logger: createLogger(
        { env: 'test', logLevel: 'trace' },
        { write: (line: string) => void lines.push(line) },
      ),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('through a whole account life, at trace level', async () => {
    const player = newPlayerDetails({ password: 'Unmistakable-Passphrase-42' });
    await register(t, player);
    const code = codeSentTo(t.outbox, player.email);
    const verified = await verify(t, player, code);
    const access = verified.json<{ access_token: string }>().access_token;
    const refresh = refreshCookie(verified)?.value ?? '';
    await login(t, player.email, 'Wrong-Passphrase-Guess');
    const loggedIn = await login(t, player.email, player.password);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refresh_token: refreshCookie(loggedIn)?.value ?? '' },
    });
    const later = refreshed.json<{ access_token: string }>().access_token;
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/reset-password',
      headers: bearer(access),
      payload: { oldPassword: 'x', newPassword: 'short', repeatPassword: 'short' },
    });
    expect(errorOf(bad).code).toBe('VALIDATION_FAILED');
    await t.app.inject({ method: 'DELETE', url: '/api/auth/logout', headers: bearer(access) });

    const log = lines.join('\n');
    expect(log.length).toBeGreaterThan(1000);
    for (const secret of [
      player.password,
      'Wrong-Passphrase-Guess',
      code,
      access,
      refresh,
      later,
      access.split('.')[2] ?? 'x',
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it('the log mailer is the transport outside tests: the text is logged, codes included', async () => {
    const written: string[] = [];
    const logger = createLogger(
      { env: 'test', logLevel: 'info' },
      { write: (line: string) => void written.push(line) },
    );
    const message = { to: 'a@b.co', subject: 'Code', text: 'code 314159', html: '<p>314159</p>' };
    await createLogMailer(logger, 'test').send(message);
    expect(written.join('')).not.toContain('314159');
    await createLogMailer(logger, 'development').send(message);
    expect(written.at(-1)).toContain('314159');
    await createLogMailer(logger, 'production').send(message);
    expect(written.at(-1)).toContain('314159');
  });
});
