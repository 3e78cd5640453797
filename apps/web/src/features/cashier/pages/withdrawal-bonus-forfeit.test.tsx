import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { useToastStore } from '../../../shared/ui/toast/toast-store';
import { apiError, countOf, json, mockApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { config, pendingWithdrawal as pending, savedCards as cards } from './cashier-fixtures';
import { WithdrawalPage } from './withdrawal-page';
import { signIn, signOut } from '../../../test/signed-in';

/**
 * A withdrawal while a bonus is active (issue 25, decision 062): the page says the cash can
 * still go; the server's first answer carries what would be forfeited; nothing more is sent
 * until the player ticks the box under those amounts, and then the confirmation goes with it.
 */
const forfeitFields = [
  { path: 'bonus_id', message: '7' },
  { path: 'bonus', message: '5.00' },
  { path: 'winnings', message: '3.00' },
  { path: 'total', message: '8.00' },
];

const renderPage = () =>
  renderWithProviders(<WithdrawalPage />, { path: '/profile/balance/widthdrawall' });

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
  signIn({ balance: '58.00', bonus: '8.00' });
});

afterEach(async () => {
  signOut();
  await i18n.changeLanguage('ru');
});

function mockCashier() {
  return mockApi({
    'GET /payments/config': () => json(200, config),
    'GET /payments/cards': () => json(200, cards),
    'POST /payments/card/withdrawals': (request) =>
      (request.body as { forfeit_bonus?: unknown }).forfeit_bonus
        ? json(201, pending)
        : apiError(409, 'WITHDRAWAL_BONUS_ACTIVE', { fields: forfeitFields }),
    [`GET /payments/${pending.id}`]: () => json(200, pending),
  });
}

describe('a withdrawal while a bonus is active', () => {
  it('warns with the amounts, waits for the tick, then withdraws with the confirmation', async () => {
    await i18n.changeLanguage('en');
    const seen = mockCashier();
    renderPage();
    expect((await screen.findByTestId('withdrawal-bonus-notice')).textContent).toContain(
      'You can still withdraw your cash',
    );
    fireEvent.change(await screen.findByTestId('withdraw-card-sum'), { target: { value: '40' } });
    fireEvent.click(screen.getByTestId('withdraw-card-submit'));

    expect((await screen.findByTestId('withdraw-card-forfeit-text')).textContent).toBe(
      'Withdrawing now forfeits $5.00 of bonus money and $3.00 won with it: $8.00 in all. Your cash is not affected.',
    );
    expect(screen.getByTestId('withdraw-card-submit').textContent).toBe(
      'Forfeit the bonus and withdraw',
    );
    // No toast for the warning, and nothing sent again without the tick.
    expect(useToastStore.getState().toasts).toEqual([]);
    fireEvent.click(screen.getByTestId('withdraw-card-submit'));
    expect(await screen.findByText('Tick the box to confirm, or keep the bonus.')).toBeTruthy();
    expect(countOf(seen, 'POST', '/payments/card/withdrawals')).toBe(1);

    fireEvent.click(screen.getByTestId('withdraw-card-forfeit-agree'));
    fireEvent.click(screen.getByTestId('withdraw-card-submit'));
    expect((await screen.findByTestId('payment-status')).textContent).toContain(
      'Withdrawal of $40.00 is pending',
    );
    const bodies = seen.filter((r) => r.path === '/payments/card/withdrawals').map((r) => r.body);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toMatchObject({
      amount: '40.00',
      forfeit_bonus: { bonus_id: '7', total: '8.00' },
    });
    await waitFor(() => expect(screen.queryByTestId('withdraw-card-forfeit')).toBeNull());
  });

  it('keeps the bonus when the player says so, and speaks Russian', async () => {
    await i18n.changeLanguage('ru');
    const seen = mockCashier();
    renderPage();
    fireEvent.change(await screen.findByTestId('withdraw-card-sum'), { target: { value: '40' } });
    fireEvent.click(screen.getByTestId('withdraw-card-submit'));
    expect((await screen.findByTestId('withdraw-card-forfeit-text')).textContent).toContain(
      'сгорят',
    );
    fireEvent.click(screen.getByTestId('withdraw-card-keep-bonus'));
    expect(screen.queryByTestId('withdraw-card-forfeit')).toBeNull();
    expect(countOf(seen, 'POST', '/payments/card/withdrawals')).toBe(1);
  });
});
