import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, buildPath, call, onUnauthorized } from './client';

afterEach(() => {
  vi.unstubAllGlobals();
  onUnauthorized(null);
});

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(body === undefined ? null : JSON.stringify(body), { status, headers }),
      ),
    ),
  );
}

describe('buildPath', () => {
  it('fills and encodes path parameters in both syntaxes', () => {
    expect(buildPath('/api/operator/players/:userId/ledger', { userId: 'a/b c' })).toBe(
      '/api/operator/players/a%2Fb%20c/ledger',
    );
    expect(buildPath('/x/{id}', { id: 7 })).toBe('/x/7');
  });

  it('refuses a missing parameter instead of calling a wrong address', () => {
    expect(() => buildPath('/players/:userId', {})).toThrow(/userId/);
  });

  it('leaves empty query values out and repeats arrays', () => {
    expect(buildPath('/a', {}, { q: '', status: undefined, page: 2, tag: ['x', 'y'] })).toBe(
      '/a?page=2&tag=x&tag=y',
    );
  });
});

describe('call', () => {
  const route = { method: 'POST' as const, path: '/api/operator/x' };

  it('sends JSON with the session cookie and parses the answer by its status', async () => {
    answer(202, { outcome: 'awaiting' });
    const ok = z.object({ id: z.string() });
    const waiting = z.object({ outcome: z.string() });
    const result = await call<{ id: string } | { outcome: string }>(route, {
      body: { a: 1 },
      schemaFor: (status) => (status === 202 ? waiting : ok),
    });
    expect(result).toEqual({ outcome: 'awaiting' });
    const [, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{"a":1}');
  });

  it('turns the API error shape into an ApiError with its code and fields', async () => {
    answer(400, {
      error: {
        code: 'VALIDATION_ERROR',
        message: 'bad',
        fields: [{ path: 'amount', message: 'x' }],
      },
    });
    const error = await call(route).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect((error as ApiError).fields).toEqual([{ path: 'amount', message: 'x' }]);
  });

  it('reads Retry-After of a 429', async () => {
    answer(429, { error: { code: 'RATE_LIMITED', message: 'slow' } }, { 'retry-after': '42' });
    await expect(call(route)).rejects.toMatchObject({ retryAfterSeconds: 42 });
  });

  it('ends the session in the app on a 401', async () => {
    const listener = vi.fn();
    onUnauthorized(listener);
    answer(401, { error: { code: 'UNAUTHORIZED', message: 'no' } });
    await expect(call(route)).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('calls an answer that does not match its schema a bad response', async () => {
    answer(200, { id: 5 });
    await expect(call(route, { schema: z.object({ id: z.string() }) })).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
    });
  });

  it('calls a failed connection a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await expect(call(route)).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});
