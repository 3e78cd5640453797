import { describe, expect, it } from 'vitest';
import { createLogger, maskedUrl } from './logger';

describe('logger', () => {
  it('redacts authorization and cookie headers wherever a request is logged', () => {
    const lines: string[] = [];
    const logger = createLogger(
      { env: 'test', logLevel: 'info' },
      { write: (line: string) => void lines.push(line) },
    );
    logger.info(
      {
        req: { headers: { authorization: 'Bearer abc.def', cookie: 'sid=1', accept: '*/*' } },
        res: { headers: { 'set-cookie': 'sid=2' } },
      },
      'request',
    );
    logger.info({ headers: { authorization: 'Basic eA==', cookie: 'sid=3' } }, 'headers');
    const output = lines.join('');
    expect(output).not.toMatch(/abc\.def|sid=|eA==/);
    expect(output).toContain('[redacted]');
    expect(output).toContain('*/*');
  });

  it('masks credentials wherever a handler might log them', () => {
    const lines: string[] = [];
    const logger = createLogger(
      { env: 'test', logLevel: 'info' },
      { write: (line: string) => void lines.push(line) },
    );
    logger.info({ body: { email: 'a@b.co', password: 'hunter2-body' } }, 'a body');
    logger.info({ req: { body: { otp: '271828' } } }, 'a request body');
    logger.info({ password: 'hunter2-top', token: 'tok-top' }, 'top level');
    logger.info({ user: { passwordHash: '$argon2id$x', refresh_token: 'rt-nested' } }, 'nested');
    logger.info({ login: { newPassword: 'np-1', oldPassword: 'op-1', otp: '161803' } }, 'more');
    // Error codes stay readable: "code" is what the error handler logs for every failure.
    logger.info({ code: 'OTP_INVALID', statusCode: 400 }, 'refused');
    const output = lines.join('');
    expect(output).toContain('OTP_INVALID');
    for (const secret of [
      'hunter2',
      '271828',
      'tok-top',
      '$argon2id$x',
      'rt-nested',
      'np-1',
      'op-1',
      '161803',
    ]) {
      expect(output).not.toContain(secret);
    }
  });

  it('masks launch tokens and signatures in logged URLs, keeping the rest readable', () => {
    expect(maskedUrl('/api/endo-game/wallet/balance?token=abc123&sign=f00d')).toBe(
      '/api/endo-game/wallet/balance?token=[redacted]&sign=[redacted]',
    );
    expect(maskedUrl('/api/x?Hash=1&page=2&%74oken=3&code')).toBe(
      '/api/x?Hash=[redacted]&page=2&%74oken=[redacted]&code=[redacted]',
    );
    expect(maskedUrl('/api/total/games?search=token')).toBe('/api/total/games?search=token');
    expect(maskedUrl('/no/query')).toBe('/no/query');
    const lines: string[] = [];
    const logger = createLogger(
      { env: 'test', logLevel: 'info' },
      { write: (line: string) => void lines.push(line) },
    );
    logger.info({ req: { method: 'GET', url: '/w?token=secret-launch&sign=deadbeef' } }, 'in');
    const output = lines.join('');
    expect(output).not.toMatch(/secret-launch|deadbeef/);
    expect(output).toContain('/w?token=[redacted]&sign=[redacted]');
  });
});
