import { errorResponseSchema, type ErrorResponse } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../src/lib/errors';
import { createLogger } from '../../src/lib/logger';
import { buildTestApp, type TestApp } from '../helpers/test-app';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// Routes that exist only in this test, to make the app fail in each way it can.
const failingRoutes: FastifyPluginAsyncZod = (app) => {
  app.post(
    '/echo',
    {
      schema: {
        querystring: z.object({ page: z.coerce.number().int().min(1).optional() }),
        body: z.object({
          email: z.email(),
          age: z.number().int(),
          address: z.object({ city: z.string().min(1) }),
        }),
        response: { 200: z.object({ email: z.string() }) },
      },
    },
    (request) => ({ email: request.body.email }),
  );
  app.get('/boom', () => {
    throw new Error('connection to 10.0.0.7 refused: password authentication failed');
  });
  app.get('/app-error', () => {
    throw new AppError(403, 'FORBIDDEN', 'Not your wallet.', [{ path: 'id', message: 'taken' }]);
  });
  app.get(
    '/bad-response',
    { schema: { response: { 200: z.object({ n: z.number() }) } } },
    () =>
      // Breaks its own response schema: the allow-list must stop it.
      ({ n: 'not a number' }) as unknown as { n: number },
  );
  return Promise.resolve();
};

function errorOf(body: string): ErrorResponse['error'] {
  return errorResponseSchema.parse(JSON.parse(body)).error;
}

describe('error responses', () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp({
      env: { BODY_LIMIT_BYTES: '1024' },
      logger: createLogger(
        { env: 'test', logLevel: 'info' },
        { write: (line: string) => void logLines.push(line) },
      ),
    });
    await t.app.register(failingRoutes, { prefix: '/api/test' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers an unknown /api route with 404 NOT_FOUND as JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const error = errorOf(res.body);
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toContain('/api/no-such-thing');
  });

  it('answers malformed JSON with 400 BAD_JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c",',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).code).toBe('BAD_JSON');
  });

  it('answers an empty JSON body with 400 BAD_JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).code).toBe('BAD_JSON');
  });

  it('answers a body over BODY_LIMIT_BYTES with 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', padding: 'x'.repeat(2048) }),
    });
    expect(res.statusCode).toBe(413);
    expect(errorOf(res.body).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers schema violations with 400 VALIDATION_FAILED naming each field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'not-an-email', age: 1.5, address: { city: '' } },
    });
    expect(res.statusCode).toBe(400);
    const error = errorOf(res.body);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields?.map((field) => field.path).sort()).toEqual([
      'address.city',
      'age',
      'email',
    ]);
    for (const field of error.fields ?? []) expect(field.message).not.toBe('');
  });

  it('names a missing field and prefixes query-string fields', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'a@b.co', address: { city: 'Minsk' } },
    });
    expect(errorOf(missing.body).fields?.map((field) => field.path)).toEqual(['age']);

    const query = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo?page=0',
      payload: { email: 'a@b.co', age: 3, address: { city: 'Minsk' } },
    });
    expect(query.statusCode).toBe(400);
    expect(errorOf(query.body).fields?.map((field) => field.path)).toEqual(['querystring.page']);
  });

  it('accepts a valid body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo?page=2',
      payload: { email: 'a@b.co', age: 3, address: { city: 'Minsk' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'a@b.co' });
  });

  it.each(['text/plain', 'application/xml'])('answers %s with 415', async (contentType) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': contentType },
      payload: 'email=a@b.co',
    });
    expect(res.statusCode).toBe(415);
    expect(errorOf(res.body).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers an unexpected error with a generic 500 and logs the details', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const error = errorOf(res.body);
    expect(error.code).toBe('INTERNAL');
    expect(error.requestId).toBe(res.headers['x-request-id']);
    expect(res.body).not.toContain('10.0.0.7');
    expect(res.body).not.toContain('password');
    expect(res.body).not.toMatch(/\bat .+:\d+:\d+/);

    const logged = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const failure = logged.find((entry) => entry.msg === 'request failed');
    expect(failure).toMatchObject({ level: 50, requestId: error.requestId });
    expect(JSON.stringify(failure)).toContain('10.0.0.7');
    expect((failure?.err as { stack?: string } | undefined)?.stack).toContain('errors.test.ts');
  });

  it('passes an AppError through with its status, code, message and fields', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/app-error' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res.body)).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Not your wallet.',
      fields: [{ path: 'id', message: 'taken' }],
    });
  });

  it('never sends a response that breaks its schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/bad-response' });
    expect(res.statusCode).toBe(500);
    expect(errorOf(res.body).code).toBe('INTERNAL');
    expect(res.body).not.toContain('not a number');
  });

  it('answers a malformed URL with 400 in the same shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).code).toBe('BAD_REQUEST');
    expect(res.headers['x-request-id']).toMatch(uuid);
  });
});

describe('request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives every response a UUID request id, also inside error bodies', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(ok.headers['x-request-id']).toMatch(uuid);
    const missing = await t.app.inject({ method: 'GET', url: '/api/missing' });
    expect(missing.headers['x-request-id']).toMatch(uuid);
    expect(errorOf(missing.body).requestId).toBe(missing.headers['x-request-id']);
    expect(missing.headers['x-request-id']).not.toBe(ok.headers['x-request-id']);
  });

  it('keeps a short safe incoming x-request-id and replaces an unsafe one', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/missing',
      headers: { 'x-request-id': 'edge-7f3a.42' },
    });
    expect(kept.headers['x-request-id']).toBe('edge-7f3a.42');
    expect(errorOf(kept.body).requestId).toBe('edge-7f3a.42');

    for (const unsafe of ['<script>', 'a'.repeat(65), 'two words']) {
      const replaced = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': unsafe },
      });
      expect(replaced.headers['x-request-id']).toMatch(uuid);
    }
  });
});
