import type { Payment } from '@casino/contracts';

/**
 * What the cashier's tests share: the configuration the server answers, a payment in any
 * state, the one saved card and the pending $40.00 card withdrawal.
 */
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

/** A confirmed $100.00 card deposit, with any field changed. */
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

/** GET /payments/cards: the card this player deposited with. */
export const savedCards = {
  data: [{ payment_method: 'pm_card_1', brand: 'visa', last4: '4242' }],
};

/** A $40.00 withdrawal to that card, pending (the player may still cancel it). */
export const pendingWithdrawal = payment({
  id: '0b9a3f5e-8f61-4c1e-9a43-2a1d7e1c5b22',
  direction: 'withdrawal',
  status: 'pending',
  display_status: 'pending',
  amount: '40.00',
  cancelable: true,
});
