import type { WalletTransaction } from '@casino/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { apiError, countOf, deferred, json, me, mockApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { useAuthStore } from '../../auth';
import { applyBalance } from '../live-balance/live-balance';
import { BalancePage } from './balance-page';

const player = { ...me, balance: '1234.50' };

function tx(id: number, overrides: Partial<WalletTransaction> = {}): WalletTransaction {
  return {
    id: String(id),
    kind: 'bet',
    amount: '-1.50',
    balance_after: '48.50',
    currency: 'USD',
    provider: 'pragmatic',
    game_id: 'vs20olympgate',
    game_name: 'Gates of Olympus',
    round_id: `r${id}`,
    created_at: '2026-11-22T10:31:00Z',
    payment: null,
    bonus: null,
    ...overrides,
  };
}

const page = (data: WalletTransaction[], nextBefore: string | null = null) => ({
  data,
  next_before: nextBefore,
});

const statement = [
  tx(4, {
    kind: 'win',
    amount: '3.25',
    balance_after: '51.75',
    game_id: null,
    game_name: null,
  }),
  tx(3),
  tx(2, { kind: 'bet', provider: 'endorphina', game_id: 'unknown', game_name: null }),
  tx(1, {
    kind: 'adjustment',
    amount: '50.00',
    balance_after: '50.00',
    provider: null,
    game_id: null,
    game_name: null,
    round_id: null,
  }),
];

function renderPage() {
  return renderWithProviders(<BalancePage />, { path: '/profile/balance' });
}

const rows = () => within(screen.getByTestId('transactions')).getAllByRole('listitem');
const rowText = (row: HTMLElement) => row.textContent?.replace(/\s+/g, ' ') ?? '';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  useAuthStore.getState().setUser({
    id: player.id,
    username: player.username,
    email: player.email,
    avatar: null,
    balance: player.balance,
    createdAt: player.created_at,
  });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  useAuthStore.setState({ user: null, isAuth: false });
  await i18n.changeLanguage('ru');
});

describe('balance page', () => {
  it('shows the balance card at once and skeleton rows while the statement loads', async () => {
    const held = deferred<Response>();
    mockApi({
      'GET /user/me': () => json(200, player),
      'GET /wallet/transactions': () => held.promise,
    });
    renderPage();
    expect(screen.getByTestId('balance-amount').textContent).toBe('$1,234.50');
    expect(screen.getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe(
      '/profile/balance/credit',
    );
    expect(screen.getByRole('link', { name: 'Withdraw' }).getAttribute('href')).toBe(
      '/profile/balance/widthdrawall',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Recent transactions' })).toBeTruthy();
    const loading = screen.getByTestId('transactions-loading');
    expect(loading.getAttribute('role')).toBe('status');
    expect(loading.textContent).toContain('Loading transactions');
    held.resolve(json(200, page(statement)));
    expect(await screen.findByTestId('transactions')).toBeTruthy();
    expect(screen.queryByTestId('transactions-loading')).toBeNull();
  });

  it('says there is nothing yet and links to the lobby', async () => {
    mockApi({
      'GET /user/me': () => json(200, player),
      'GET /wallet/transactions': () => json(200, page([])),
    });
    renderPage();
    const empty = await screen.findByTestId('transactions-empty');
    expect(within(empty).getByRole('heading', { name: 'No transactions yet' })).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Go to the lobby' }).getAttribute('href')).toBe(
      '/',
    );
    expect(screen.queryByTestId('transactions-more')).toBeNull();
  });

  it('lists each movement: kind, game or studio or operator, signed amount, balance after', async () => {
    const seen = mockApi({
      'GET /user/me': () => json(200, player),
      'GET /wallet/transactions': () => json(200, page(statement)),
    });
    renderPage();
    await screen.findByTestId('transactions');
    const list = screen.getByRole('list', { name: 'Recent transactions' });
    expect(list.tagName).toBe('UL');
    const [win, bet, unknownGame, adjustment] = rows();
    expect(rows()).toHaveLength(4);
    expect(rowText(win!)).toContain('Win');
    expect(rowText(win!)).toContain('Pragmatic Play');
    expect(within(win!).getByTestId('transaction-amount').textContent).toBe('+$3.25');
    expect(rowText(win!)).toContain('Balance $51.75');
    expect(rowText(bet!)).toContain('Bet');
    expect(rowText(bet!)).toContain('Gates of Olympus');
    expect(within(bet!).getByTestId('transaction-amount').textContent).toBe('\u2212$1.50');
    expect(rowText(unknownGame!)).toContain('Endorphina');
    expect(rowText(adjustment!)).toContain('Adjustment');
    expect(rowText(adjustment!)).toContain('Operator');
    expect(within(adjustment!).getByTestId('transaction-amount').textContent).toBe('+$50.00');
    // Date and time, in the reader's zone.
    const time = win!.querySelector('time');
    expect(time?.getAttribute('datetime')).toBe('2026-11-22T10:31:00Z');
    expect(time?.textContent).toMatch(/^Nov 2[12], 2026, \d{1,2}:31 [AP]M$/);
    // Credits are green, debits are not.
    expect(within(win!).getByTestId('transaction-amount').className).toMatch(/amountCredit/);
    expect(within(bet!).getByTestId('transaction-amount').className).not.toMatch(/amountCredit/);
    // The first page, 20 rows, with the bearer token.
    const request = seen.find((r) => r.path === '/wallet/transactions');
    expect(request?.query.get('limit')).toBe('20');
    expect(request?.query.has('before')).toBe(false);
    // The last page: no Load more.
    expect(screen.queryByTestId('transactions-more')).toBeNull();
  });

  it('speaks Russian', async () => {
    await i18n.changeLanguage('ru');
    mockApi({
      'GET /user/me': () => json(200, player),
      'GET /wallet/transactions': () => json(200, page(statement)),
    });
    renderPage();
    await screen.findByTestId('transactions');
    expect(screen.getByTestId('balance-amount').textContent).toBe('$1 234,50');
    expect(screen.getByRole('heading', { level: 2, name: 'Последние операции' })).toBeTruthy();
    const [win, bet, , adjustment] = rows();
    expect(rowText(win!)).toContain('Выигрыш');
    expect(rowText(bet!)).toContain('Ставка');
    expect(within(bet!).getByTestId('transaction-amount').textContent).toBe('\u2212$1,50');
    expect(rowText(bet!)).toContain('Баланс $48,50');
    expect(rowText(adjustment!)).toContain('Корректировка');
    expect(rowText(adjustment!)).toContain('Оператор');
    expect(win!.querySelector('time')?.textContent).toMatch(/^2[12] нояб\. 2026, \d{2}:31$/);
  });

  it('loads older pages with next_before until the last one', async () => {
    const seen = mockApi({
      'GET /user/me': () => json(200, player),
      'GET /wallet/transactions': (request) =>
        request.query.get('before') === '3'
          ? json(200, page(statement.slice(2)))
          : json(200, page(statement.slice(0, 2), '3')),
    });
    renderPage();
    await screen.findByTestId('transactions');
    expect(rows()).toHaveLength(2);
    const more = screen.getByRole('button', { name: 'Load more' });
    expect(more.getAttribute('aria-controls')).toBe(screen.getByTestId('transactions').id);
    fireEvent.click(more);
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(rows().map((row) => row.getAttribute('data-kind'))).toEqual([
      'win',
      'bet',
      'bet',
      'adjustment',
    ]);
    const pages = seen.filter((r) => r.path === '/wallet/transactions');
    expect(pages.map((r) => r.query.get('before'))).toEqual([null, '3']);
    expect(screen.queryByTestId('transactions-more')).toBeNull();
  });

  it('shows an error with Retry, and Retry reads the statement again', async () => {
    let fail = true;
    const seen = mockApi({
      'GET /user/me': () => json(200, player),
      'GET /wallet/transactions': () =>
        fail ? apiError(500, 'INTERNAL') : json(200, page(statement)),
    });
    renderPage();
    const error = await screen.findByTestId('transactions-error');
    expect(within(error).getByRole('heading', { name: 'Transactions did not load' })).toBeTruthy();
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('transactions');
    expect(rows()).toHaveLength(4);
    expect(countOf(seen, 'GET', '/wallet/transactions')).toBe(2);
  });

  it('puts a new movement on top when the live balance changes', async () => {
    let data = statement;
    const seen = mockApi({
      'GET /user/me': () => json(200, player),
      'GET /wallet/transactions': () => json(200, page(data)),
    });
    const { queryClient } = renderPage();
    await screen.findByTestId('transactions');
    await waitFor(() => expect(countOf(seen, 'GET', '/user/me')).toBe(1));
    expect(countOf(seen, 'GET', '/wallet/transactions')).toBe(1);

    data = [tx(5, { amount: '-2.00', balance_after: '49.75' }), ...statement];
    act(() => applyBalance(queryClient, player.id, '49.75'));
    expect(screen.getByTestId('balance-amount').textContent).toBe('$49.75');
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(within(rows()[0]!).getByTestId('transaction-amount').textContent).toBe('\u2212$2.00');
    expect(countOf(seen, 'GET', '/wallet/transactions')).toBe(2);
  });

  it('with older pages loaded, reads only the newest page and keeps the rest', async () => {
    let newest = page(statement.slice(0, 2), '3');
    const seen = mockApi({
      'GET /user/me': () => json(200, player),
      'GET /wallet/transactions': (request) =>
        request.query.get('before') === '3'
          ? json(200, page(statement.slice(2)))
          : json(200, newest),
    });
    const { queryClient } = renderPage();
    await screen.findByTestId('transactions');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    await waitFor(() => expect(countOf(seen, 'GET', '/user/me')).toBe(1));

    const win = tx(6, { kind: 'win', amount: '10.00', balance_after: '59.75', game_name: null });
    const bet = tx(5, { amount: '-2.00', balance_after: '49.75' });
    // The newest page reaches the rows shown: give it one of them.
    newest = page([win, bet, statement[0]!], '4');
    act(() => applyBalance(queryClient, player.id, '59.75'));
    await waitFor(() => expect(rows()).toHaveLength(6));
    expect(rows().map((row) => row.getAttribute('data-kind'))).toEqual([
      'win',
      'bet',
      'win',
      'bet',
      'bet',
      'adjustment',
    ]);
    const befores = seen
      .filter((r) => r.path === '/wallet/transactions')
      .map((r) => r.query.get('before'));
    expect(befores).toEqual([null, '3', null]);
  });
});
