import { healthResponseSchema, storageKeys } from '@casino/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { api, ApiError, apiRequest, clientErrorCode, parseRetryAfter } from './api-client';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function lastCall(): { url: string; init: RequestInit } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [input, init = {}] = call;
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return { url, init };
}

describe('apiRequest', () => {
  it('calls /api with JSON and no Authorization header for a guest', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));
    await expect(api.post('/auth/login', { email: 'a@b.c' })).resolves.toEqual({ ok: true });
    const { url, init } = lastCall();
    const headers = new Headers(init.headers);
    expect(url).toBe('/api/auth/login');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"email":"a@b.c"}');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.has('Authorization')).toBe(false);
  });

  it('sends the stored token as a bearer header and builds the query string', async () => {
    localStorage.setItem(storageKeys.token, 'abc');
    fetchMock.mockResolvedValue(jsonResponse(200, []));
    await api.get('/pragmatic/list', { query: { currency: 'USD', page: 2, skip: undefined } });
    const { url, init } = lastCall();
    expect(url).toBe('/api/pragmatic/list?currency=USD&page=2');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer abc');
  });

  it('passes FormData through without a JSON content type', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');
    await api.post('/user/change/avatar', form);
    const { init } = lastCall();
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);
  });

  it('turns the API error shape into a typed ApiError', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(409, {
        error: {
          code: 'EMAIL_BUSY',
          message: 'Email is busy',
          fields: [{ path: 'email', message: 'emailBusy' }],
          requestId: 'r1',
        },
      }),
    );
    const error = await apiRequest('/user/check/email').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'EMAIL_BUSY',
      message: 'Email is busy',
      fields: [{ path: 'email', message: 'emailBusy' }],
      requestId: 'r1',
    });
  });

  it('reports an error status with an unknown body as HTTP_ERROR', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api.get('/user/me')).rejects.toMatchObject({
      status: 502,
      code: clientErrorCode.http,
    });
  });

  it('reports a failed connection as NETWORK_ERROR', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/user/me')).rejects.toMatchObject({
      status: 0,
      code: clientErrorCode.network,
    });
  });

  it('validates the answer with a contract schema', async () => {
    const health = {
      status: 'ok',
      database: { status: 'up', driver: 'pglite' },
      version: '0.1.0',
      uptimeSeconds: 3,
    };
    fetchMock.mockResolvedValueOnce(jsonResponse(200, health));
    await expect(api.get('/health', { schema: healthResponseSchema })).resolves.toEqual(health);

    fetchMock.mockResolvedValueOnce(jsonResponse(200, { status: 'weird' }));
    await expect(api.get('/health', { schema: healthResponseSchema })).rejects.toMatchObject({
      code: clientErrorCode.badResponse,
    });
  });

  it('resolves with undefined for an empty body', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.delete('/auth/logout')).resolves.toBeUndefined();
  });

  it('sends the interface language and keeps cookies same-origin', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, {})));
    await i18n.changeLanguage('en');
    await api.get('/user/me');
    expect(new Headers(lastCall().init.headers).get('Accept-Language')).toBe('en');
    expect(lastCall().init.credentials).toBe('same-origin');
    await i18n.changeLanguage('ru');
    await api.get('/user/me');
    expect(new Headers(lastCall().init.headers).get('Accept-Language')).toBe('ru');
  });

  it('sends no bearer token on calls outside the session (login, refresh)', async () => {
    localStorage.setItem(storageKeys.token, 'abc');
    fetchMock.mockResolvedValue(jsonResponse(201, {}));
    await api.post('/auth/login', {}, { session: false });
    expect(new Headers(lastCall().init.headers).has('Authorization')).toBe(false);
  });

  it('reads Retry-After into the error', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: { code: 'TOO_MANY_ATTEMPTS', message: 'slow' } }), {
        status: 429,
        headers: { 'Retry-After': '120' },
      }),
    );
    await expect(api.post('/auth/login', {})).rejects.toMatchObject({
      status: 429,
      code: 'TOO_MANY_ATTEMPTS',
      retryAfterSeconds: 120,
    });
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:01:00 GMT', now)).toBe(60);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
