import { lobbyLayoutSchema } from '@casino/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/api-mock';
import { completeOrder, fetchLobbyLayout, lobbyLayoutGuard } from './lobby-layout';

afterEach(() => vi.unstubAllGlobals());

describe('GET /games/lobby (issue 30: the home sections in staff’s order)', () => {
  it('reads the order the server gives', async () => {
    mockApi({
      'GET /games/lobby': () => json(200, { sections: ['recent', 'banners', 'top'] }),
    });
    await expect(fetchLobbyLayout()).resolves.toEqual({
      sections: ['recent', 'banners', 'top'],
    });
  });

  it('accepts what the contract accepts; every known section once, missing ones at the end', () => {
    const answer = lobbyLayoutSchema.parse({ sections: ['top', 'recent', 'banners'] });
    expect(lobbyLayoutGuard.parse(answer)).toEqual(answer);
    expect(completeOrder(['top', 'jackpots', 'top', null])).toEqual(['top', 'banners', 'recent']);
    expect(completeOrder([])).toEqual(['banners', 'top', 'recent']);
  });

  it('refuses an answer of another shape', async () => {
    expect(() => lobbyLayoutGuard.parse(['top'])).toThrow();
    mockApi({ 'GET /games/lobby': () => json(200, { order: [] }) });
    await expect(fetchLobbyLayout()).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });
});
