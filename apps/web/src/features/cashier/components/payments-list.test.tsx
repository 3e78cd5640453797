import type { Payment } from '@casino/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerAccountMessages } from '../../../shared/i18n/accounts/register';
import { i18n } from '../../../shared/i18n/i18n';
import { useToastStore } from '../../../shared/ui/toast/toast-store';
import { json, mockApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { paymentsListKey } from '../api/payments';
import { payment } from '../pages/cashier-fixtures';
import { PaymentsList } from './payments-list';

registerAccountMessages();

const base = payment({ id: 'p1' });
const withdrawal: Payment = {
  ...base,
  id: 'p2',
  direction: 'withdrawal',
  status: 'pending',
  display_status: 'pending',
  amount: '40.00',
  cancelable: true,
};
const cryptoOut: Payment = {
  ...base,
  id: 'p3',
  direction: 'withdrawal',
  method: 'crypto',
  status: 'rejected',
  display_status: 'canceled',
  amount: '25.50',
  card: null,
  crypto: {
    network: 'TRC',
    address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    pay_amount: '25.5',
    pay_currency: 'usdttrc20',
    actually_paid: '0',
    test_wallet_url: null,
  },
};

const rows = () => within(screen.getByTestId('payments')).getAllByTestId('payment');
const text = (row: HTMLElement) => row.textContent?.replace(/\s+/g, ' ') ?? '';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  useToastStore.setState({ toasts: [] });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('ru');
});

describe('deposits and withdrawals on the balance page', () => {
  it('lists each with its label, method, amount and status (SPEC §3/§4)', async () => {
    mockApi({ 'GET /payments': () => json(200, { data: [withdrawal, cryptoOut, base] }) });
    renderWithProviders(<PaymentsList />);
    await screen.findByTestId('payments');
    const [out, crypto, cashIn] = rows();
    expect(text(out!)).toContain('Transfer to card');
    expect(text(out!)).toContain('VISA •••• 4242');
    expect(text(out!)).toContain('\u2212$40.00');
    expect(text(out!)).toContain('Pending');
    expect(out!.dataset.status).toBe('pending');
    expect(text(crypto!)).toContain('Transfer to crypto wallet');
    expect(text(crypto!)).toContain('TRC TQn9Y2…bLSE');
    expect(text(crypto!)).toContain('Canceled');
    expect(text(cashIn!)).toContain('Cash in');
    expect(text(cashIn!)).toContain('+$100.00');
    expect(text(cashIn!)).toContain('Confirmed');
    // Only the pending withdrawal can be cancelled.
    expect(within(out!).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(within(crypto!).queryByRole('button')).toBeNull();
    expect(within(cashIn!).queryByRole('button')).toBeNull();
  });

  it('cancels a pending withdrawal and tells the change with a toast', async () => {
    let canceled = false;
    const seen = mockApi({
      'GET /payments': () =>
        json(200, {
          data: [
            canceled
              ? { ...withdrawal, status: 'canceled', display_status: 'canceled', cancelable: false }
              : withdrawal,
          ],
        }),
      'POST /payments/p2/cancel': () => {
        canceled = true;
        return json(200, { ...withdrawal, status: 'canceled', display_status: 'canceled' });
      },
    });
    renderWithProviders(<PaymentsList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(rows()[0]!.dataset.status).toBe('canceled'));
    const messages = useToastStore.getState().toasts.map((toast) => toast.message);
    expect(messages).toContain('Withdrawal canceled: $40.00 is back on your balance');
    expect(messages).toContain('Transfer to card $40.00: Canceled');
    expect(seen.filter((r) => r.path === '/payments/p2/cancel')).toHaveLength(1);
  });

  it('tells a status change made elsewhere (the operator paid it)', async () => {
    let paid = false;
    mockApi({
      'GET /payments': () =>
        json(200, {
          data: [
            paid
              ? { ...withdrawal, status: 'paid', display_status: 'confirmed', cancelable: false }
              : withdrawal,
          ],
        }),
    });
    const { queryClient } = renderWithProviders(<PaymentsList />);
    await screen.findByTestId('payments');
    expect(useToastStore.getState().toasts).toHaveLength(0);
    paid = true;
    await act(() => queryClient.refetchQueries({ queryKey: paymentsListKey }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual([
        'Transfer to card $40.00: Confirmed',
      ]),
    );
  });

  it('shows a deposit that never credited with no plus sign, not as money received, and why', async () => {
    const declined: Payment = {
      ...base,
      id: 'p4',
      amount: '20.00',
      status: 'failed',
      display_status: 'canceled',
      card: { brand: 'visa', last4: '0002' },
      failure: { code: 'card_declined', message: 'Your card was declined.' },
    };
    const expired: Payment = {
      ...cryptoOut,
      id: 'p5',
      direction: 'deposit',
      status: 'expired',
      amount: '15.00',
    };
    mockApi({ 'GET /payments': () => json(200, { data: [declined, expired, cryptoOut, base] }) });
    renderWithProviders(<PaymentsList />);
    await screen.findByTestId('payments');
    const [card, crypto, out, cashIn] = rows();
    const amount = (row: HTMLElement) => within(row).getByTestId('payment-amount');
    expect(amount(card!).textContent).toBe('$20.00');
    expect(amount(card!).dataset.moved).toBe('false');
    expect(within(card!).getByTestId('payment-reason').textContent).toBe(
      'Declined: the card was declined',
    );
    expect(amount(crypto!).textContent).toBe('$15.00');
    expect(within(crypto!).getByTestId('payment-reason').textContent).toBe(
      'Expired: nothing was received',
    );
    // A rejected withdrawal gave its money back: no minus sign either.
    expect(amount(out!).textContent).toBe('$25.50');
    expect(within(out!).getByTestId('payment-reason').textContent).toBe(
      'Rejected: the money is back on your balance',
    );
    // A credited deposit keeps its plus sign, in the colour of money received.
    expect(amount(cashIn!).textContent).toBe('+$100.00');
    expect(amount(cashIn!).dataset.moved).toBe('true');
    expect(within(cashIn!).queryByTestId('payment-reason')).toBeNull();
  });

  it('says why in Russian too', async () => {
    await i18n.changeLanguage('ru');
    mockApi({
      'GET /payments': () =>
        json(200, {
          data: [
            {
              ...base,
              status: 'failed',
              display_status: 'canceled',
              failure: { code: 'card_declined', message: 'Your card was declined.' },
            },
          ],
        }),
    });
    renderWithProviders(<PaymentsList />);
    await screen.findByTestId('payments');
    expect(within(rows()[0]!).getByTestId('payment-reason').textContent).toBe(
      'Отклонено: карта отклонена',
    );
    expect(within(rows()[0]!).getByTestId('payment-amount').textContent).not.toContain('+');
  });

  it('shows nothing to a player who never used the cashier', async () => {
    mockApi({ 'GET /payments': () => json(200, { data: [] }) });
    const { container } = renderWithProviders(<PaymentsList />);
    await waitFor(() => expect(container.querySelector('section')).toBeNull());
  });
});
