import type { Payment } from '@casino/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useToastStore } from '../../../shared/ui/toast/toast-store';
import { apiError, countOf, json, mockApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { config, pendingWithdrawal as pending, savedCards as cards } from './cashier-fixtures';
import { WithdrawalPage } from './withdrawal-page';
import { signedInInEnglish } from '../../../test/signed-in';

const canceled: Payment = {
  ...pending,
  status: 'canceled',
  display_status: 'canceled',
  cancelable: false,
};

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const messageOf = (testId: string) => screen.getByTestId(`${testId}-message`).textContent;
const toasts = () => useToastStore.getState().toasts.map((toast) => toast.message);
const renderPage = () =>
  renderWithProviders(<WithdrawalPage />, { path: '/profile/balance/widthdrawall' });

signedInInEnglish();

describe('withdrawal page', () => {
  it('withdraws $40 to a card deposited with, shows it pending, and cancels it', async () => {
    let cancelled = false;
    const seen = mockApi({
      'GET /payments/config': () => json(200, config),
      'GET /payments/cards': () => json(200, cards),
      'POST /payments/card/withdrawals': () => json(201, pending),
      [`GET /payments/${pending.id}`]: () => json(200, cancelled ? canceled : pending),
      [`POST /payments/${pending.id}/cancel`]: () => {
        cancelled = true;
        return json(200, canceled);
      },
    });
    renderPage();
    await screen.findByTestId('withdraw-card-submit');
    expect(messageOf('withdraw-card-sum')).toBe('From $20.00 to $2,000.00 · available $100.00');
    fireEvent.click(screen.getByTestId('withdraw-card-submit'));
    await waitFor(() => expect(messageOf('withdraw-card-sum')).toBe('Sum is reqired'));
    type('withdraw-card-sum', '10');
    await waitFor(() =>
      expect(messageOf('withdraw-card-sum')).toBe('Enter an amount from $20.00 to $2,000.00'),
    );
    expect(screen.getByTestId('withdraw-card').textContent).toContain('VISA •••• 4242');

    type('withdraw-card-sum', '40');
    fireEvent.click(screen.getByTestId('withdraw-card-submit'));
    const status = await screen.findByTestId('payment-status');
    expect(status.textContent).toContain('Withdrawal of $40.00 is pending');
    const body = seen.find((r) => r.path === '/payments/card/withdrawals')?.body;
    expect(body).toMatchObject({ amount: '40.00', payment_method: 'pm_card_1' });
    expect((body as { idempotency_key: string }).idempotency_key).toMatch(
      /^[A-Za-z0-9_.:-]{8,100}$/,
    );

    fireEvent.click(screen.getByTestId(`cancel-${pending.id}`));
    await waitFor(() =>
      expect(toasts()).toContain('Withdrawal canceled: $40.00 is back on your balance'),
    );
    await waitFor(() =>
      expect(screen.getByTestId('payment-status').dataset.status).toBe('canceled'),
    );
    expect(screen.queryByTestId(`cancel-${pending.id}`)).toBeNull();
    expect(countOf(seen, 'POST', `/payments/${pending.id}/cancel`)).toBe(1);
  });

  it('puts a withdrawal over the balance on the sum field', async () => {
    mockApi({
      'GET /payments/config': () => json(200, config),
      'GET /payments/cards': () => json(200, cards),
      'POST /payments/card/withdrawals': () =>
        apiError(409, 'INSUFFICIENT_FUNDS', {
          fields: [{ path: 'amount', message: 'Not enough money' }],
        }),
    });
    renderPage();
    await screen.findByTestId('withdraw-card-sum');
    type('withdraw-card-sum', '500');
    fireEvent.click(screen.getByTestId('withdraw-card-submit'));
    await waitFor(() =>
      expect(messageOf('withdraw-card-sum')).toBe('Not enough money on the balance'),
    );
  });

  it('asks for a card deposit first when there is no card to withdraw to', async () => {
    mockApi({
      'GET /payments/config': () => json(200, config),
      'GET /payments/cards': () => json(200, { data: [] }),
    });
    renderPage();
    expect((await screen.findByTestId('no-saved-cards')).textContent).toBe(
      'Withdrawals go back to a card you deposited with. Make a card deposit first.',
    );
  });

  it('re-checks an address already checked when the network changes', async () => {
    mockApi({
      'GET /payments/config': () => json(200, config),
      'GET /payments/cards': () => json(200, cards),
    });
    renderPage();
    fireEvent.pointerDown(await screen.findByTestId('withdraw-crypto-sum'));
    type('withdraw-crypto-address', `0x${'ab'.repeat(20)}`);
    fireEvent.blur(screen.getByTestId('withdraw-crypto-address'));
    await waitFor(() =>
      expect(screen.getByTestId('withdraw-crypto-address').getAttribute('aria-invalid')).toBeNull(),
    );
    fireEvent.click(screen.getByTestId('withdraw-crypto-net'));
    fireEvent.click(screen.getByTestId('withdraw-crypto-net-option-TRC'));
    await waitFor(() =>
      expect(messageOf('withdraw-crypto-address')).toBe('This is not a TRC address'),
    );
  });

  it('withdraws to a crypto address of the chosen network', async () => {
    const seen = mockApi({
      'GET /payments/config': () => json(200, config),
      'GET /payments/cards': () => json(200, cards),
      'POST /payments/crypto/withdrawals': () =>
        json(201, { ...pending, method: 'crypto', card: null }),
      [`GET /payments/${pending.id}`]: () =>
        json(200, { ...pending, method: 'crypto', card: null }),
    });
    renderPage();
    fireEvent.pointerDown(await screen.findByTestId('withdraw-crypto-sum'));
    expect(screen.getByTestId('method-crypto').dataset.active).toBe('true');
    fireEvent.click(screen.getByTestId('withdraw-crypto-submit'));
    await waitFor(() => expect(messageOf('withdraw-crypto-sum')).toBe('Sum is required'));
    expect(messageOf('withdraw-crypto-address')).toBe('Transfer Adress is required');

    type('withdraw-crypto-sum', '40');
    fireEvent.click(screen.getByTestId('withdraw-crypto-net'));
    fireEvent.click(screen.getByTestId('withdraw-crypto-net-option-TRC'));
    type('withdraw-crypto-address', `0x${'ab'.repeat(20)}`);
    fireEvent.click(screen.getByTestId('withdraw-crypto-submit'));
    await waitFor(() =>
      expect(messageOf('withdraw-crypto-address')).toBe('This is not a TRC address'),
    );
    expect(countOf(seen, 'POST', '/payments/crypto/withdrawals')).toBe(0);

    type('withdraw-crypto-address', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
    fireEvent.click(screen.getByTestId('withdraw-crypto-submit'));
    expect((await screen.findByTestId('payment-status')).textContent).toContain(
      'Withdrawal of $40.00 is pending',
    );
    expect(seen.find((r) => r.path === '/payments/crypto/withdrawals')?.body).toMatchObject({
      amount: '40.00',
      net: 'TRC',
      address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    });
  });
});
