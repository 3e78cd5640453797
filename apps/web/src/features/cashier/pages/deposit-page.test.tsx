import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { useToastStore } from '../../../shared/ui/toast/toast-store';
import { apiError, countOf, deferred, json, mockApi } from '../../../test/api-mock';
import { currentLocation } from '../../../test/render';
import { leaveFor } from '../lib/leave-for';
import {
  config,
  fillCard,
  messageOf,
  payment,
  renderPage,
  tokenized,
  tokenizePath,
  type,
} from './deposit-fixtures';

vi.mock('../lib/leave-for', () => ({ leaveFor: vi.fn() }));

beforeEach(async () => {
  await i18n.changeLanguage('en');
  useToastStore.setState({ toasts: [] });
  vi.mocked(leaveFor).mockClear();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('ru');
});

describe('deposit page: card form', () => {
  it('starts on the card form, beside the crypto form, with the limits', async () => {
    mockApi({ 'GET /payments/config': () => json(200, config) });
    renderPage();
    await screen.findByTestId('card-form');
    expect(screen.getByTestId('method-card').dataset.active).toBe('true');
    expect(screen.getByTestId('method-crypto').dataset.active).toBe('false');
    expect(messageOf('card-sum')).toBe('From $10.00 to $5,000.00');
  });

  it('shows every SPEC §5 message and sends nothing when the form is empty', async () => {
    const seen = mockApi({ 'GET /payments/config': () => json(200, config) });
    renderPage();
    fireEvent.click(await screen.findByTestId('card-submit'));
    await waitFor(() => expect(messageOf('card-sum')).toBe('Sum is reqired'));
    expect(messageOf('card-name')).toBe('Name is required');
    expect(messageOf('card-expiry')).toBe('Expiry is required');
    expect(messageOf('card-card')).toBe('Card is required');
    expect(messageOf('card-cvv')).toBe('CVV is required');
    expect(document.activeElement).toBe(screen.getByTestId('card-sum'));
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('masks the card number, the expiry and the CVV as they are typed', async () => {
    mockApi({ 'GET /payments/config': () => json(200, config) });
    renderPage();
    await screen.findByTestId('card-form');
    type('card-card', '4242424242424242999');
    expect(screen.getByTestId('card-card')).toHaveProperty('value', '4242 4242 4242 4242');
    type('card-expiry', '4');
    expect(screen.getByTestId('card-expiry')).toHaveProperty('value', '04');
    type('card-expiry', '1928');
    expect(screen.getByTestId('card-expiry')).toHaveProperty('value', '12 / 28');
    type('card-cvv', '12345');
    expect(screen.getByTestId('card-cvv')).toHaveProperty('value', '123');
  });

  it('refuses a Luhn-invalid number and an amount out of limits in the form', async () => {
    const seen = mockApi({ 'GET /payments/config': () => json(200, config) });
    renderPage();
    await screen.findByTestId('card-form');
    fillCard('4242424242424241');
    type('card-sum', '5000.01');
    fireEvent.click(screen.getByTestId('card-submit'));
    await waitFor(() => expect(messageOf('card-card')).toBe('This card number is not valid'));
    expect(messageOf('card-sum')).toBe('Enter an amount from $10.00 to $5,000.00');
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('tokenises the card at the payment service and deposits with the token only', async () => {
    const seen = mockApi({
      'GET /payments/config': () => json(200, config),
      [`POST ${tokenizePath}`]: tokenized,
      'POST /payments/card/deposits': () => json(201, payment()),
    });
    renderPage();
    await screen.findByTestId('card-form');
    fillCard();
    fireEvent.click(screen.getByTestId('card-submit'));
    expect(await screen.findByText('$100.00 added to your balance')).toBeTruthy();

    const tokenize = seen.find((r) => r.path === tokenizePath);
    expect(tokenize?.headers.get('Authorization')).toBe('Bearer pk_test_abc');
    expect(tokenize?.body).toEqual({
      type: 'card',
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
    });
    const deposit = seen.find((r) => r.path === '/payments/card/deposits');
    expect(deposit?.body).toMatchObject({ amount: '100.00', payment_method: 'pm_card_1' });
    expect(JSON.stringify(deposit?.body)).not.toContain('4242424242424242');
    expect(JSON.stringify(deposit?.body)).not.toContain('"123"');
    expect(currentLocation.search).toBe(`?payment=${payment().id}`);
    // The form starts again empty.
    expect(screen.getByTestId('card-card')).toHaveProperty('value', '');
  });

  it('sends one payment for a double click', async () => {
    const answer = deferred<Response>();
    const seen = mockApi({
      'GET /payments/config': () => json(200, config),
      [`POST ${tokenizePath}`]: tokenized,
      'POST /payments/card/deposits': () => answer.promise,
    });
    renderPage();
    await screen.findByTestId('card-form');
    fillCard();
    fireEvent.click(screen.getByTestId('card-submit'));
    fireEvent.click(screen.getByTestId('card-submit'));
    await waitFor(() => expect(countOf(seen, 'POST', '/payments/card/deposits')).toBe(1));
    fireEvent.submit(screen.getByTestId('card-form'));
    answer.resolve(json(201, payment()));
    await screen.findByText('$100.00 added to your balance');
    expect(countOf(seen, 'POST', tokenizePath)).toBe(1);
    expect(countOf(seen, 'POST', '/payments/card/deposits')).toBe(1);
  });

  it('retries a submission the provider did not answer with the same key and token', async () => {
    let calls = 0;
    const seen = mockApi({
      'GET /payments/config': () => json(200, config),
      [`POST ${tokenizePath}`]: tokenized,
      'POST /payments/card/deposits': () =>
        ++calls === 1 ? apiError(503, 'PAYMENT_PROVIDER_UNAVAILABLE') : json(200, payment()),
    });
    renderPage();
    await screen.findByTestId('card-form');
    fillCard();
    fireEvent.click(screen.getByTestId('card-submit'));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.message)).toContain(
        'The payment service did not answer. Try again: you will not be charged twice.',
      ),
    );
    fireEvent.click(screen.getByTestId('card-submit'));
    await screen.findByText('$100.00 added to your balance');
    const deposits = seen.filter((r) => r.path === '/payments/card/deposits');
    expect(deposits).toHaveLength(2);
    expect(deposits[1]?.body).toEqual(deposits[0]?.body);
    expect(countOf(seen, 'POST', tokenizePath)).toBe(1);
  });

  it('shows the reason of a declined card, and a new attempt gets a new key', async () => {
    const declined = payment({
      status: 'failed',
      display_status: 'canceled',
      card: { brand: 'visa', last4: '9995' },
      failure: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    });
    const seen = mockApi({
      'GET /payments/config': () => json(200, config),
      [`POST ${tokenizePath}`]: tokenized,
      'POST /payments/card/deposits': () => json(201, declined),
    });
    renderPage();
    await screen.findByTestId('card-form');
    fillCard('4000000000009995');
    fireEvent.click(screen.getByTestId('card-submit'));
    const status = await screen.findByTestId('payment-status');
    await waitFor(() =>
      expect(status.textContent).toContain('Payment declined: insufficient funds on the card'),
    );
    // The values stay for a correction; sending them again is a new submission.
    expect(screen.getByTestId('card-card')).toHaveProperty('value', '4000 0000 0000 9995');
    fireEvent.click(screen.getByTestId('card-submit'));
    await waitFor(() => expect(countOf(seen, 'POST', '/payments/card/deposits')).toBe(2));
    const [first, second] = seen
      .filter((r) => r.path === '/payments/card/deposits')
      .map((r) => (r.body as { idempotency_key: string }).idempotency_key);
    expect(first).not.toBe(second);
  });

  it('puts a refusal of the payment service on its field', async () => {
    mockApi({
      'GET /payments/config': () => json(200, config),
      [`POST ${tokenizePath}`]: () =>
        json(402, {
          error: { type: 'card_error', code: 'invalid_expiry_year', param: 'card[exp_year]' },
        }),
    });
    renderPage();
    await screen.findByTestId('card-form');
    fillCard();
    fireEvent.click(screen.getByTestId('card-submit'));
    await waitFor(() => expect(messageOf('card-expiry')).toBe('This card has expired'));
  });

  it('goes to the 3-D Secure page, and back shows the payment until it is final', async () => {
    const challenge = payment({
      status: 'requires_action',
      display_status: 'pending',
      redirect_url: '/sandbox/card/3ds/pi_1',
    });
    mockApi({
      'GET /payments/config': () => json(200, config),
      [`POST ${tokenizePath}`]: tokenized,
      'POST /payments/card/deposits': () => json(201, challenge),
    });
    const first = renderPage();
    await screen.findByTestId('card-form');
    fillCard('4000002500003155');
    fireEvent.click(screen.getByTestId('card-submit'));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/sandbox/card/3ds/pi_1'));
    first.unmount();

    // Back from the 3-D Secure page: pending first, then confirmed on the next poll.
    let reads = 0;
    mockApi({
      'GET /payments/config': () => json(200, config),
      [`GET /payments/${challenge.id}`]: () =>
        json(200, ++reads === 1 ? { ...challenge, status: 'processing' } : payment()),
    });
    renderPage(`/profile/balance/credit?payment=${challenge.id}`);
    const status = await screen.findByTestId('payment-status');
    await waitFor(() => expect(status.dataset.status).toBe('pending'));
    await waitFor(
      () => expect(screen.getByTestId('payment-status').dataset.status).toBe('confirmed'),
      {
        timeout: 4000,
      },
    );
    expect(screen.getByTestId('payment-status').textContent).toContain(
      '$100.00 added to your balance',
    );
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.message)).toContain(
        '$100.00 added to your balance',
      ),
    );
  });

  it('shows an error with a retry when the cashier does not load', async () => {
    let calls = 0;
    mockApi({
      'GET /payments/config': () => (++calls === 1 ? apiError(500, 'INTERNAL') : json(200, config)),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('card-form')).toBeTruthy();
  });
});

describe('deposit page: crypto form', () => {
  const invoice = payment({
    method: 'crypto',
    status: 'pending',
    display_status: 'pending',
    amount: '50.00',
    card: null,
    crypto: {
      network: 'TRC',
      address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      pay_amount: '50.000000',
      pay_currency: 'usdttrc20',
      actually_paid: '0',
      test_wallet_url: null,
    },
  });

  it('is chosen by clicking it, asks for the sum and shows the address with a QR code', async () => {
    const seen = mockApi({
      'GET /payments/config': () => json(200, config),
      'POST /payments/crypto/deposits': () => json(201, invoice),
      [`GET /payments/${invoice.id}`]: () => json(200, invoice),
    });
    renderPage();
    const crypto = await screen.findByTestId('method-crypto');
    fireEvent.pointerDown(within(crypto).getByTestId('crypto-sum'));
    expect(crypto.dataset.active).toBe('true');
    expect(screen.getByTestId('method-card').dataset.active).toBe('false');
    expect(screen.getByTestId('crypto-net').textContent).toContain('ETH');

    fireEvent.click(screen.getByTestId('crypto-submit'));
    // Submitting validates through the form library, which answers a tick later.
    await waitFor(() => expect(messageOf('crypto-sum')).toBe('Sum is required'));
    expect(countOf(seen, 'POST', '/payments/crypto/deposits')).toBe(0);

    type('crypto-sum', '50');
    fireEvent.click(screen.getByTestId('crypto-net'));
    fireEvent.click(screen.getByTestId('crypto-net-option-TRC'));
    fireEvent.click(screen.getByTestId('crypto-submit'));

    expect((await screen.findByTestId('invoice-address')).textContent).toBe(
      'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    );
    expect(screen.getByTestId('invoice-amount').textContent).toContain('50.000000 USDTTRC20');
    expect(screen.getByTestId('invoice-network').textContent).toBe('TRC');
    expect(screen.getByTestId('payment-status').textContent).toContain('Waiting for your transfer');
    expect(await screen.findByTestId('crypto-qr')).toBeTruthy();
    const body = seen.find((r) => r.path === '/payments/crypto/deposits')?.body;
    expect(body).toMatchObject({ amount: '50.00', net: 'TRC' });
  });

  it('copies the address', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    mockApi({
      'GET /payments/config': () => json(200, config),
      [`GET /payments/${invoice.id}`]: () => json(200, invoice),
    });
    renderPage(`/profile/balance/credit?payment=${invoice.id}`);
    fireEvent.click(await screen.findByTestId('invoice-copy'));
    expect(writeText).toHaveBeenCalledWith('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('Address copied'),
    );
  });
});
