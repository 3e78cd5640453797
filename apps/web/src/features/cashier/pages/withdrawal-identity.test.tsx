import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/api-mock';
import { notStartedIdentity } from '../../../test/identity-api';
import { renderWithProviders } from '../../../test/render';
import { config } from './cashier-fixtures';
import { WithdrawalPage } from './withdrawal-page';
import { signedInInEnglish } from '../../../test/signed-in';

signedInInEnglish();

describe('the withdrawal page and the identity check', () => {
  const payments = {
    'GET /payments/config': () => json(200, { ...config, crypto: { networks: ['ETH'] } }),
    'GET /payments/cards': () => json(200, { data: [] }),
  };

  it('says before the form that the first withdrawal needs a verified identity, with a link', async () => {
    mockApi({ ...payments, 'GET /identity': () => json(200, notStartedIdentity) });
    renderWithProviders(<WithdrawalPage />, { path: '/profile/balance/widthdrawall' });
    const notice = await screen.findByTestId('withdrawal-identity-notice');
    expect(notice?.textContent).toContain('Your first withdrawal needs a verified identity.');
    expect(screen.getByTestId('withdrawal-identity-link').getAttribute('href')).toBe(
      '/profile/verification',
    );
  });

  it('after a paid withdrawal, names the threshold; nothing once verified', async () => {
    mockApi({
      ...payments,
      'GET /identity': () =>
        json(200, {
          ...notStartedIdentity,
          withdrawal: { first_needs_verification: false, threshold: '2000.00' },
        }),
    });
    const first = renderWithProviders(<WithdrawalPage />, {
      path: '/profile/balance/widthdrawall',
    });
    expect((await screen.findByTestId('withdrawal-identity-notice')).textContent).toContain(
      'Withdrawals above $2,000.00 need a verified identity.',
    );
    first.unmount();
    mockApi({
      ...payments,
      'GET /identity': () => json(200, { ...notStartedIdentity, status: 'verified' }),
    });
    const second = renderWithProviders(<WithdrawalPage />, {
      path: '/profile/balance/widthdrawall',
    });
    // The notice is absent while the status loads too: the absence counts only once the
    // verified answer is in (the identity query's key, features/identity/api/identity.ts) and
    // the query has told the page (its observers hear on the next macrotask).
    await waitFor(() =>
      expect(second.queryClient.getQueryData(['identity', 'u1'])).toMatchObject({
        status: 'verified',
      }),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByTestId('withdrawal-identity-notice')).toBeNull();
  });
});
