import { providerListSchema } from '@casino/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '../../../shared/lib/api-client';
import { apiError, json, mockApi } from '../../../test/api-mock';
import {
  fetchProviderList,
  isProviderDisabled,
  isProviderRunning,
  providerListGuard,
} from './provider-list';

afterEach(() => vi.unstubAllGlobals());

describe('GET /games/providers', () => {
  it('reads the running providers in the order the server lists them', async () => {
    const seen = mockApi({
      'GET /games/providers': () =>
        json(200, { data: [{ provider: 'pragmatic' }, { provider: 'endorphina' }] }),
    });
    await expect(fetchProviderList()).resolves.toEqual({
      data: [{ provider: 'pragmatic' }, { provider: 'endorphina' }],
    });
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /games/providers',
    ]);
  });

  it('accepts what the contract accepts, skips a provider this build does not know', () => {
    const answer = providerListSchema.parse({ data: [{ provider: 'gbgames' }] });
    expect(providerListGuard.parse(answer)).toEqual(answer);
    expect(
      providerListGuard.parse({ data: [{ provider: 'newstudio' }, { provider: 'gbgames' }, null] }),
    ).toEqual({ data: [{ provider: 'gbgames' }] });
  });

  it('refuses an answer of another shape', async () => {
    expect(() => providerListGuard.parse([{ provider: 'gbgames' }])).toThrow();
    expect(() => providerListGuard.parse(null)).toThrow();
    mockApi({ 'GET /games/providers': () => json(200, { providers: [] }) });
    await expect(fetchProviderList()).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });
});

describe('provider availability', () => {
  it('shows every provider while the list is not known, else only the listed ones', () => {
    expect(isProviderRunning(undefined, 'gbgames')).toBe(true);
    expect(isProviderRunning(['endorphina', 'pragmatic'], 'gbgames')).toBe(false);
    expect(isProviderRunning(['endorphina', 'pragmatic'], 'pragmatic')).toBe(true);
    expect(isProviderRunning([], 'endorphina')).toBe(false);
  });

  it('recognises the 404 PROVIDER_DISABLED of a provider switched off, nothing else', async () => {
    mockApi({ 'GET /endo-game/list': () => apiError(404, 'PROVIDER_DISABLED') });
    const error = await api.get('/endo-game/list').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 404, code: 'PROVIDER_DISABLED' });
    expect(isProviderDisabled(error)).toBe(true);
    expect(isProviderDisabled(new ApiError({ status: 404, code: 'NOT_FOUND', message: '' }))).toBe(
      false,
    );
    expect(isProviderDisabled(new Error('PROVIDER_DISABLED'))).toBe(false);
  });
});
