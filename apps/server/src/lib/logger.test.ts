import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

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
});
