import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes } from '../../../test/render';
import PlayersPage from './players-page';

afterEach(() => vi.unstubAllGlobals());

const anna = {
  id: '8a1d0f1e-2b3c-4d5e-8f90-a1b2c3d4e5f6',
  username: 'anna',
  email: 'anna@mail.test',
  status: 'active',
  cash: '1250.00',
  bonus: '10.00',
  currency: 'USD',
  country: 'DE',
  registered_at: '2026-01-02T10:00:00.000Z',
  last_seen_at: null,
  matched: 'email',
};

describe('the players list', () => {
  it('searches by what was typed and links each player to their page', async () => {
    const { calls } = mockApi({
      'GET /api/operator/players': ({ url }: { url: URL }) => ({
        body: url.searchParams.get('q') ? { data: [anna], total: 1 } : { data: [], total: 0 },
      }),
    });
    renderRoutes([{ path: '/players', element: <PlayersPage /> }], '/players');
    expect(await screen.findByText('No players yet.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('players-search'), {
      target: { value: ' anna@mail.test ' },
    });
    fireEvent.click(screen.getByTestId('players-search-submit'));
    const link = await screen.findByTestId('player-link');
    expect(link.getAttribute('href')).toBe(`/players/${anna.id}`);
    // The testing library reads the narrow no-break space of the grouping as a space.
    expect(screen.getByText('1 250.00 USD')).toBeTruthy();
    expect(screen.getByText('E-mail', { selector: '.chip' })).toBeTruthy();
    await waitFor(() => expect(calls.at(-1)?.query.get('q')).toBe('anna@mail.test'));
    expect(calls.at(-1)?.query.get('offset')).toBe('0');
  });

  it('says what was not found', async () => {
    mockApi({ 'GET /api/operator/players': { data: [], total: 0 } });
    renderRoutes([{ path: '/players', element: <PlayersPage /> }], '/players?q=nobody');
    expect(await screen.findByText('No player matches “nobody”.')).toBeTruthy();
  });
});
