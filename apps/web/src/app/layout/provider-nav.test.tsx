import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../shared/i18n/i18n';
import { apiError, countOf, deferred, json, mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { Sidebar } from './sidebar';

afterEach(() => vi.unstubAllGlobals());

/** The sidebar's provider links, in order. */
const providerLinks = () =>
  within(screen.getByTestId('sidebar'))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'))
    .filter((href) => ['/endorphina', '/gbgames', '/pragmatic'].includes(href ?? ''));

describe('the sidebar and the providers the operator runs', () => {
  it('leaves out a provider switched off, in the order of the list', async () => {
    const seen = mockApi({
      'GET /games/providers': () =>
        json(200, { data: [{ provider: 'pragmatic' }, { provider: 'endorphina' }] }),
    });
    renderWithProviders(<Sidebar overlay={false} />);
    await vi.waitFor(() => expect(providerLinks()).toEqual(['/pragmatic', '/endorphina']));
    expect(countOf(seen, 'GET', '/games/providers')).toBe(1);
  });

  it('shows every provider while the list loads', async () => {
    const answer = deferred<Response>();
    const seen = mockApi({ 'GET /games/providers': () => answer.promise });
    renderWithProviders(<Sidebar overlay={false} />);
    expect(providerLinks()).toEqual(['/endorphina', '/gbgames', '/pragmatic']);
    await vi.waitFor(() => expect(countOf(seen, 'GET', '/games/providers')).toBe(1));
    expect(providerLinks()).toEqual(['/endorphina', '/gbgames', '/pragmatic']);
    answer.resolve(json(200, { data: [{ provider: 'gbgames' }] }));
    await vi.waitFor(() => expect(providerLinks()).toEqual(['/gbgames']));
  });

  it('hides nothing when the list fails', async () => {
    const seen = mockApi({ 'GET /games/providers': () => apiError(500, 'INTERNAL') });
    const { queryClient } = renderWithProviders(<Sidebar overlay={false} />);
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(['games', 'providers'])?.status).toBe('error'),
    );
    expect(countOf(seen, 'GET', '/games/providers')).toBe(1);
    expect(providerLinks()).toEqual(['/endorphina', '/gbgames', '/pragmatic']);
  });
});
