import { fireEvent, screen } from '@testing-library/react';
import { json } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { DepositPage } from './deposit-page';

/** What the deposit page's tests share: the cashier's fixtures, the card typed. */
export { config, payment, tokenizePath } from './cashier-fixtures';

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
