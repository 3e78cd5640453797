import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('knows a refused, reset or timed-out connection, also under a wrapper', () => {
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('ECONNRESET'))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error('Failed query: select 1', { cause: withCode('ETIMEDOUT') })),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED')]))).toBe(true);
  });

  it('knows PostgreSQL shutting down, starting up or out of connections', () => {
    for (const state of ['57P01', '57P02', '57P03', '08006', '08001', '53300']) {
      expect(isDatabaseUnavailable(withCode(state)), state).toBe(true);
    }
  });

  it('leaves data and integrity errors, bugs and non-errors alone', () => {
    for (const state of ['23505', '22P02', '40001', '42P01']) {
      expect(isDatabaseUnavailable(withCode(state)), state).toBe(false);
    }
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
