import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { failureForLog, logCallbackFailure, sqlState } from './failure-log';

const token = 'launch-token-QW3rty-9876543210';
const tokenHash = 'a'.repeat(40) + 'b'.repeat(24);
const boundValue = 'bound-value-5551234';

/** A database failure as Drizzle and the driver raise it: values everywhere but line one. */
function leakyFailure(): Error {
  const driver = Object.assign(
    new Error(`relation "wallets" does not exist\nDETAIL: token_hash=${tokenHash}`),
    {
      code: '42P01',
      detail: `Key (token_hash)=(${tokenHash}) is not present.`,
      parameters: [token, tokenHash, boundValue],
      where: `token = ${token}`,
    },
  );
  return Object.assign(
    new Error(
      `Failed query: select * from launches where token_hash = $1\nparams: ${tokenHash},${boundValue}`,
      { cause: driver },
    ),
    { query: `select ${boundValue}`, params: [tokenHash, token] },
  );
}

describe('failureForLog', () => {
  it("keeps the root error's type, first message line, stack frames and SQLSTATE; no value", () => {
    const logged = failureForLog(leakyFailure());
    expect(logged).toMatchObject({
      type: 'Error',
      message: 'relation "wallets" does not exist',
      sqlState: '42P01',
    });
    expect(logged.stack).toMatch(/^\s+at /);
    const text = JSON.stringify(logged);
    for (const secret of [token, tokenHash, boundValue, 'Failed query', 'DETAIL']) {
      expect(text).not.toContain(secret);
    }
  });

  it('trims the first line, caps its length, and survives what is not an Error', () => {
    expect(failureForLog(new Error(`  down  \n${token}`)).message).toBe('down');
    expect(failureForLog(new Error('x'.repeat(1000))).message).toHaveLength(300);
    expect(failureForLog('a string with a token')).toEqual({ type: 'string' });
    expect(failureForLog(Object.assign(new Error('e'), { code: 'ECONNRESET' })).sqlState).toBe(
      undefined,
    );
  });

  it('finds the SQLSTATE under wrappers', () => {
    const wrapped = new Error('outer', { cause: new Error('mid', { cause: { code: '23505' } }) });
    expect(sqlState(wrapped)).toBe('23505');
  });
});

describe('logCallbackFailure', () => {
  it('logs one shape, { provider, call, failure, answered }, and one message', () => {
    const lines: string[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => void lines.push(line) });
    logCallbackFailure(log, {
      provider: 'pragmatic',
      call: 'bet',
      error: leakyFailure(),
      answered: 100,
    });
    expect(lines).toHaveLength(1);
    const record = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(record).toMatchObject({
      provider: 'pragmatic',
      call: 'bet',
      answered: 100,
      failure: { type: 'Error', sqlState: '42P01' },
      msg: 'pragmatic wallet call failed; answered 100',
    });
    for (const secret of [token, tokenHash, boundValue]) expect(lines[0]).not.toContain(secret);
  });
});
