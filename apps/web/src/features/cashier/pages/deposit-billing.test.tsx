import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { countOf, json, mockApi } from '../../../test/api-mock';
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
import { signedInInEnglish } from '../../../test/signed-in';

/**
 * The CardPay billing step of a first card deposit (SPEC §2 "Modals"). Issue 25: it asked for
 * the card a second time. A card typed once is never asked again: the step asks only for
 * name, e-mail and phone, filled from the card form and the account, the phone starting from
 * the player's country when it is known (BY otherwise, SPEC §5).
 */
function stubLanguages(languages: string[]) {
  vi.stubGlobal('navigator', { ...navigator, languages });
}

signedInInEnglish({ balance: '0.00' });

async function openBillingStep() {
  const seen = mockApi({
    'GET /payments/config': () => json(200, config),
    'GET /payments/cards': () => json(200, { data: [] }),
    [`POST ${tokenizePath}`]: tokenized,
    'POST /payments/card/deposits': () => json(201, payment()),
  });
  renderPage();
  await screen.findByTestId('card-form');
  await waitFor(() => expect(countOf(seen, 'GET', '/payments/cards')).toBe(1));
  fillCard();
  fireEvent.click(screen.getByTestId('card-submit'));
  return { seen, modal: await screen.findByTestId('card-pay-form') };
}

// Whole deposits with the form library's asynchronous checks: slow while every file runs.
describe('deposit page: the billing step of a first card deposit', { timeout: 20_000 }, () => {
  it('never asks for the card again: only name, e-mail and phone, filled in', async () => {
    stubLanguages(['en']);
    const { seen, modal } = await openBillingStep();
    // The card is shown, not asked for.
    expect(within(modal).getByTestId('pay-card-summary').textContent).toContain(
      'Card •••• 4242 valid to 12/34',
    );
    for (const field of ['pay-card', 'pay-month', 'pay-year', 'pay-cvc']) {
      expect(within(modal).queryByTestId(field)).toBeNull();
    }
    const inputs = [...modal.querySelectorAll('input, select')].map(
      (input) => input.getAttribute('data-testid') ?? input.getAttribute('name'),
    );
    expect(inputs).toEqual(['pay-name', 'pay-email', 'pay-country', 'pay-phone']);
    expect(screen.getByTestId('pay-name')).toHaveProperty('value', 'Ivan Petrov');
    expect(screen.getByTestId('pay-email')).toHaveProperty('value', 'lucky@example.com');
    // What is still missing has the focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('pay-phone')));
    // No region in the browser's languages: the spec's default country.
    expect(screen.getByTestId('pay-country')).toHaveProperty('value', 'BY');
    expect(countOf(seen, 'POST', tokenizePath)).toBe(0);

    fireEvent.click(within(modal).getByTestId('pay-submit'));
    await waitFor(() => expect(messageOf('pay-phone')).toBe('Phone is required'));
    type('pay-phone', '+375 ٢٩ 1234567');
    expect(screen.getByTestId('pay-phone')).toHaveProperty('value', '+375 29 1234567');
    fireEvent.blur(screen.getByTestId('pay-phone'));
    expect(screen.getByTestId('pay-phone')).toHaveProperty('value', '+375 29 123 45 67');
    type('pay-name', 'Iv');
    fireEvent.click(within(modal).getByTestId('pay-submit'));
    await waitFor(() => expect(messageOf('pay-name')).toBe('Name is required'));
    type('pay-name', 'Ivan Petrov');
    fireEvent.click(within(modal).getByTestId('pay-submit'));

    expect(await screen.findByText('$100.00 added to your balance')).toBeTruthy();
    expect(screen.queryByTestId('card-pay-form')).toBeNull();
    // The card as typed on the card form, once, with the billing details.
    expect(countOf(seen, 'POST', tokenizePath)).toBe(1);
    expect(seen.find((r) => r.path === tokenizePath)?.body).toEqual({
      type: 'card',
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
      billing_details: {
        name: 'Ivan Petrov',
        email: 'lucky@example.com',
        phone: '+375291234567',
      },
    });
  });

  it("starts the phone from the player's country when the browser names it", async () => {
    stubLanguages(['ru-RU', 'en-US']);
    const { seen, modal } = await openBillingStep();
    expect(screen.getByTestId('pay-country')).toHaveProperty('value', 'RU');
    // A national number is read as one of that country.
    type('pay-phone', '916 123-45-67');
    fireEvent.click(within(modal).getByTestId('pay-submit'));
    expect(await screen.findByText('$100.00 added to your balance')).toBeTruthy();
    expect(seen.find((r) => r.path === tokenizePath)?.body).toMatchObject({
      billing_details: { phone: '+79161234567' },
    });
  });

  it('infers the country from an international number', async () => {
    stubLanguages(['en']);
    await openBillingStep();
    type('pay-phone', '+79161234567');
    expect(screen.getByTestId('pay-country')).toHaveProperty('value', 'RU');
  });

  it('goes back to the card form to change the card, with what was typed', async () => {
    stubLanguages(['en']);
    await openBillingStep();
    fireEvent.click(screen.getByRole('button', { name: 'Change card' }));
    await waitFor(() => expect(screen.queryByTestId('card-pay-form')).toBeNull());
    expect(screen.getByTestId('card-card')).toHaveProperty('value', '4242 4242 4242 4242');
  });

  it('speaks Russian', async () => {
    stubLanguages(['ru']);
    await i18n.changeLanguage('ru');
    const { modal } = await openBillingStep();
    expect(within(modal).getByTestId('pay-card-summary').textContent).toContain(
      'Карта •••• 4242 действует до 12/34',
    );
    expect(screen.getByRole('button', { name: 'Другая карта' })).toBeTruthy();
  });
});
