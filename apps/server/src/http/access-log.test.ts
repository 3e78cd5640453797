import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger';
import { AccessLogController } from './access-log';

/** An app with the server's logger and access log, and the lines it wrote. */
async function appLogging(level: 'info' | 'debug') {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(
    { env: 'test', logLevel: level },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  const app = Fastify({
    loggerInstance: logger,
    logController: new AccessLogController({ requestIdLogLabel: 'requestId' }),
  });
  app.get('/wallet/balance', () => ({ balance: 1 }));
  await app.ready();
  return { app, lines };
}

describe('the access log', () => {
  it('writes ONE line per request at info: who asked what, the answer and how long', async () => {
    const { app, lines } = await appLogging('info');
    const res = await app.inject({ method: 'GET', url: '/wallet/balance?token=launch-secret&x=1' });
    expect(res.statusCode).toBe(200);
    await app.close();
    const requestLines = lines.filter((line) => line['requestId'] !== undefined);
    expect(requestLines).toHaveLength(1);
    const [line] = requestLines;
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/wallet/balance?token=[redacted]&x=1' },
      res: { statusCode: 200 },
    });
    expect(typeof line?.['responseTime']).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('launch-secret');
  });

  it('adds the "incoming request" line at debug, so a request that never ends still shows', async () => {
    const { app, lines } = await appLogging('debug');
    await app.inject({ method: 'GET', url: '/wallet/balance' });
    await app.close();
    const messages = lines.filter((line) => line['requestId'] !== undefined).map((l) => l['msg']);
    expect(messages).toEqual(['incoming request', 'request completed']);
  });
});
