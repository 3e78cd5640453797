import type { WalletTransaction } from '@casino/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { registerAccountMessages } from '../../../shared/i18n/accounts/register';
import { i18n } from '../../../shared/i18n/i18n';
import { json, mockApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { TransactionList } from './transaction-list';

registerAccountMessages();

const row = (id: number, overrides: Partial<WalletTransaction>): WalletTransaction => ({
  id: String(id),
  kind: 'deposit',
  amount: '20.00',
  balance_after: '20.00',
  currency: 'USD',
  provider: null,
  game_id: null,
  game_name: null,
  round_id: null,
  created_at: '2026-11-22T10:31:00Z',
  payment: null,
  bonus: null,
  ...overrides,
});

const visa = { method: 'card' as const, card: { brand: 'visa', last4: '4242' }, network: null };
const statement = [
  row(8, { kind: 'adjustment', amount: '5.00' }),
  row(7, {
    kind: 'bet',
    amount: '-1.00',
    provider: 'gbgames',
    game_id: 'gb-roulette',
    game_name: 'Glitter Roulette',
  }),
  row(6, {
    kind: 'bonus',
    amount: '5.00',
    bonus: { code: 'ORBITA5', title: { en: '$5 on us', ru: '$5 в подарок' } },
  }),
  row(5, { kind: 'withdrawal_reversal', amount: '40.00', payment: visa }),
  row(4, { kind: 'withdrawal', amount: '-40.00', payment: visa }),
  row(3, {
    kind: 'withdrawal',
    amount: '-10.00',
    payment: { method: 'crypto', card: null, network: 'TRC' },
  }),
  row(2, { kind: 'deposit', payment: { method: 'crypto', card: null, network: 'ETH' } }),
  row(1, { kind: 'deposit', payment: visa }),
];

afterEach(async () => {
  await i18n.changeLanguage('ru');
});

async function lines(language: 'en' | 'ru') {
  await i18n.changeLanguage(language);
  mockApi({ 'GET /wallet/transactions': () => json(200, { data: statement, next_before: null }) });
  renderWithProviders(<TransactionList userId="u1" labelledBy="x" />);
  const list = await screen.findByTestId('transactions');
  return within(list)
    .getAllByTestId('transaction')
    .map((item) => [
      item.querySelector('p')?.textContent,
      within(item).getByTestId('transaction-subject').textContent,
    ]);
}

describe('what each statement row was (issue 25)', () => {
  it('names the player’s own deposits, withdrawals and bonuses; "Operator" only for a staff adjustment', async () => {
    expect(await lines('en')).toEqual([
      ['Adjustment', 'Operator'],
      ['Bet', 'Glitter Roulette'],
      ['Bonus', 'ORBITA5 · $5 on us'],
      ['Withdrawal canceled', 'VISA •••• 4242'],
      ['Card withdrawal', 'VISA •••• 4242'],
      ['Crypto withdrawal', 'TRC'],
      ['Crypto deposit', 'ETH'],
      ['Card deposit', 'VISA •••• 4242'],
    ]);
  });

  it('in Russian too', async () => {
    expect(await lines('ru')).toEqual([
      ['Корректировка', 'Оператор'],
      ['Ставка', 'Glitter Roulette'],
      ['Бонус', 'ORBITA5 · $5 в подарок'],
      ['Отмена вывода', 'VISA •••• 4242'],
      ['Вывод на карту', 'VISA •••• 4242'],
      ['Вывод криптовалюты', 'TRC'],
      ['Пополнение криптовалютой', 'ETH'],
      ['Пополнение картой', 'VISA •••• 4242'],
    ]);
  });
});
