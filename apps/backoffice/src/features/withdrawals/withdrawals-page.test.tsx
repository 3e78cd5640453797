import type { WithdrawalQueueRow } from '@casino/contracts/operator';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes, staffMe } from '../../test/render';
import WithdrawalsPage from './withdrawals-page';

afterEach(() => vi.unstubAllGlobals());

function withdrawal(overrides: Partial<WithdrawalQueueRow>): WithdrawalQueueRow {
  return {
    id: '0b6c1a8e-1d2f-4e4a-9a55-5f1c2d3e4f50',
    direction: 'withdrawal',
    method: 'card',
    status: 'pending',
    display_status: 'pending',
    amount: '120.00',
    currency: 'USD',
    card: { brand: 'visa', last4: '4242' },
    crypto: null,
    redirect_url: null,
    failure: null,
    cancelable: true,
    created_at: '2026-11-26T10:00:00.000Z',
    updated_at: '2026-11-26T10:00:00.000Z',
    user_id: '8a1d0f1e-2b3c-4d5e-8f90-a1b2c3d4e5f6',
    username: 'anna',
    age_seconds: 3600,
    risk_flags: [],
    approval: null,
    ...overrides,
  };
}

const me = staffMe(['payments']);

function routes() {
  return [{ path: '/withdrawals', element: <WithdrawalsPage /> }];
}

describe('the withdrawal queue', () => {
  it('lists each withdrawal with its risk flags, and approves one', async () => {
    const { calls } = mockApi({
      'GET /api/operator/auth/me': me,
      'GET /api/operator/payments/withdrawals': {
        data: [withdrawal({ risk_flags: ['first_withdrawal', 'new_device_or_country'] })],
      },
      'GET /api/operator/approvals': { data: [] },
      'POST /api/operator/payments/withdrawals/0b6c1a8e-1d2f-4e4a-9a55-5f1c2d3e4f50/approve':
        () => ({
          status: 200,
          body: withdrawal({ status: 'processing' }),
        }),
    });
    renderRoutes(routes(), '/withdrawals');
    const table = await screen.findByTestId('withdrawals-table');
    const row = within(table).getByText('anna').closest('tr')!;
    expect(row.textContent).toContain('120.00 USD');
    expect(row.textContent).toContain('visa •••• 4242');
    expect(row.textContent).toContain('1 h 0 min');
    expect(row.textContent).toContain('First withdrawal');
    expect(row.textContent).toContain('New device or country');
    fireEvent.click(within(row).getByRole('button', { name: 'Approve the withdrawal of anna' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/approve'))).toBe(
        true,
      ),
    );
  });

  it('does not let the person who gave the first approval give the second', async () => {
    mockApi({
      'GET /api/operator/auth/me': me,
      'GET /api/operator/payments/withdrawals': {
        data: [
          withdrawal({
            amount: '800.00',
            risk_flags: ['four_eyes'],
            approval: {
              id: '3c1f5a7e-0d2b-4c6e-9a8b-7d6e5f4a3b2c',
              requested_by: 'ann@orbita.test',
              requested_at: '2026-11-26T11:00:00.000Z',
            },
          }),
        ],
      },
      'GET /api/operator/approvals': { data: [] },
    });
    renderRoutes(routes(), '/withdrawals');
    const table = await screen.findByTestId('withdrawals-table');
    expect(within(table).getByText('Waiting for another staff member.')).toBeTruthy();
    expect(within(table).queryByRole('button')).toBeNull();
  });

  it('rejects only with a reason, which goes to the server', async () => {
    const { calls } = mockApi({
      'GET /api/operator/auth/me': me,
      'GET /api/operator/payments/withdrawals': { data: [withdrawal({})] },
      'GET /api/operator/approvals': { data: [] },
      'POST /api/operator/payments/withdrawals/0b6c1a8e-1d2f-4e4a-9a55-5f1c2d3e4f50/reject':
        withdrawal({ status: 'rejected' }),
    });
    renderRoutes(routes(), '/withdrawals');
    fireEvent.click(await screen.findByTestId('withdrawal-reject'));
    fireEvent.click(screen.getByTestId('reason-submit'));
    expect(await screen.findByText('Required.')).toBeTruthy();
    fireEvent.input(screen.getByTestId('reason-input'), {
      target: { value: 'Card holder name differs' },
    });
    fireEvent.click(screen.getByTestId('reason-submit'));
    await waitFor(() =>
      expect(calls.find((call) => call.path.endsWith('/reject'))?.body).toEqual({
        reason: 'Card holder name differs',
      }),
    );
  });

  it('says when nothing waits', async () => {
    mockApi({
      'GET /api/operator/auth/me': me,
      'GET /api/operator/payments/withdrawals': { data: [] },
      'GET /api/operator/approvals': { data: [] },
    });
    renderRoutes(routes(), '/withdrawals');
    expect(await screen.findByText('No withdrawals waiting. All done.')).toBeTruthy();
  });
});
