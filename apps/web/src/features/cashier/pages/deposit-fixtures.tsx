import type { Payment } from '@casino/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { json } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { DepositPage } from './deposit-page';

/** What the deposit page's tests share: the cashier's config, a payment, the card typed. */
export const tokenizePath = '/sandbox/card/v1/payment_methods';
export const config = {
  currency: 'USD',
  limits: {
    deposit: { min: '10.00', max: '5000.00' },
    withdrawal: { min: '20.00', max: '2000.00' },
  },
  card: { tokenize_url: tokenizePath, publishable_key: 'pk_test_abc' },
  crypto: { networks: ['ETH', 'BNC', 'TRC'] },
};

export function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: '6f1c1e9a-5a4e-4a53-9d59-0d7b9c1f0a11',
    direction: 'deposit',
    method: 'card',
    status: 'succeeded',
    display_status: 'confirmed',
    amount: '100.00',
    currency: 'USD',
    card: { brand: 'visa', last4: '4242' },
    crypto: null,
    redirect_url: null,
    failure: null,
    cancelable: false,
    created_at: '2026-11-25T02:00:00Z',
    updated_at: '2026-11-25T02:00:00Z',
    ...overrides,
  };
}

export const tokenized = () =>
  json(200, { id: 'pm_card_1', card: { brand: 'visa', last4: '4242' } });

export const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

export function fillCard(card = '4242424242424242') {
  type('card-sum', '100');
  type('card-name', 'Ivan Petrov');
  type('card-card', card);
  type('card-expiry', '1234');
  type('card-cvv', '123');
}

export const renderPage = (path = '/profile/balance/credit') =>
  renderWithProviders(<DepositPage />, { path });

export const messageOf = (testId: string) => screen.getByTestId(`${testId}-message`).textContent;
