import type { RgLimitView, RgStatusResponse } from '@casino/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { formatDateTime } from '../../../shared/lib/format-date-time';
import { useToastStore } from '../../../shared/ui/toast/toast-store';
import { apiError, countOf, json, mockApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { useAuthStore } from '../../auth';
import { LimitsPage } from './limits-page';

/**
 * /profile/responsible-gaming (decision 070): a lower or new limit in force at once; a raise
 * pending with the time from which it can be confirmed, the confirm button only from then;
 * time-out and self-exclusion only after a second, explicit yes.
 */
const limit = (o: Partial<RgLimitView> = {}): RgLimitView => ({
  kind: 'loss',
  period: 'day',
  amount: '50.00',
  used: '10.00',
  available: '40.00',
  pending: null,
  set_by: 'player',
  ...o,
});

const status = (o: Partial<RgStatusResponse> = {}): RgStatusResponse => ({
  limits: [],
  reality_check_minutes: 60,
  session_limit: { minutes: null, played_minutes: 0, pending: null },
  block: null,
  warnings: [],
  national_scheme_url: null,
  ...o,
});

const toasts = () => useToastStore.getState().toasts.map((t) => t.message);
const renderPage = () =>
  renderWithProviders(<LimitsPage />, { path: '/profile/responsible-gaming' });

async function submitLimit(kind: string, period: string, amount: string) {
  fireEvent.change(await screen.findByTestId('rg-limit-kind'), { target: { value: kind } });
  fireEvent.change(screen.getByTestId('rg-limit-period'), { target: { value: period } });
  fireEvent.change(screen.getByTestId('rg-limit-amount'), { target: { value: amount } });
  fireEvent.click(screen.getByTestId('rg-limit-submit'));
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  useToastStore.setState({ toasts: [] });
  useAuthStore.getState().setUser({
    id: 'u1',
    username: 'lucky_star',
    email: 'lucky@example.com',
    avatar: null,
    balance: '10.00',
    createdAt: '2024-03-17T11:21:00Z',
  });
});

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useAuthStore.setState({ user: null, isAuth: false });
  await i18n.changeLanguage('ru');
});

describe('the limits page', () => {
  it('shows that no limit is set, then a new lower limit in force at once', async () => {
    const seen = mockApi({
      'GET /responsible-gaming': () => json(200, status()),
      'PUT /responsible-gaming/limits': () =>
        json(200, status({ limits: [limit({ amount: '30.00', available: '20.00' })] })),
    });
    renderPage();
    expect((await screen.findByTestId('rg-limits-empty')).textContent).toBe('No limits set.');
    await submitLimit('loss', 'day', '30');
    const row = await screen.findByTestId('rg-limit-loss-day');
    expect(row.textContent).toContain('$30.00 per 24 hours');
    expect(row.textContent).toContain('Used $10.00, $20.00 left');
    expect(screen.queryByTestId('rg-limit-loss-day-pending')).toBeNull();
    expect(toasts()).toEqual(['Limit saved.']);
    expect(seen.find((r) => r.method === 'PUT')?.body).toEqual({
      kind: 'loss',
      period: 'day',
      amount: '30',
    });
  });

  it('refuses an amount that is not dollars and cents, sending nothing', async () => {
    const seen = mockApi({ 'GET /responsible-gaming': () => json(200, status()) });
    renderPage();
    await submitLimit('deposit', 'week', '12.345');
    expect(
      await screen.findByText('Enter an amount in dollars with at most two decimals'),
    ).toBeTruthy();
    expect(countOf(seen, 'PUT', '/responsible-gaming/limits')).toBe(0);
  });

  it('a raise waits: pending with the time it can be confirmed, the button only from then', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-05-04T09:00:00.000Z'));
    const at = new Date(Date.now() + 24 * 3_600_000).toISOString();
    const raised = status({
      limits: [limit({ pending: { amount: '80.00', confirmable_at: at } })],
    });
    const seen = mockApi({
      'GET /responsible-gaming': () => json(200, status({ limits: [limit()] })),
      'PUT /responsible-gaming/limits': () => json(200, raised),
      'POST /responsible-gaming/limits/confirm': () =>
        json(200, status({ limits: [limit({ amount: '80.00', available: '70.00' })] })),
    });
    renderPage();
    await screen.findByTestId('rg-limit-loss-day');
    await submitLimit('loss', 'day', '80');
    const pending = await screen.findByTestId('rg-limit-loss-day-pending');
    const when = formatDateTime(at, 'en');
    expect(pending.textContent).toBe(`Change to $80.00 waiting: confirm from ${when}`);
    expect(toasts()).toEqual([`Your change waits 24 hours. Confirm it after ${when}.`]);
    // The old limit holds meanwhile.
    const row = screen.getByTestId('rg-limit-loss-day');
    expect(row.textContent).toContain('$50.00 per 24 hours');
    const confirm = within(row).getByRole('button', { name: 'Confirm change' });
    expect(confirm).toHaveProperty('disabled', true);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(24 * 3_600_000 - 2_000);
    });
    expect(confirm).toHaveProperty('disabled', true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    expect(confirm).toHaveProperty('disabled', false);
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(screen.getByTestId('rg-limit-loss-day').textContent).toContain('$80.00 per 24 hours'),
    );
    expect(seen.find((r) => r.path === '/responsible-gaming/limits/confirm')?.body).toEqual({
      kind: 'loss',
      period: 'day',
    });
    expect(screen.queryByTestId('rg-limit-loss-day-pending')).toBeNull();
  });

  it('says why a confirmation too early is refused', async () => {
    const at = new Date(Date.now() - 1_000).toISOString();
    mockApi({
      'GET /responsible-gaming': () =>
        json(200, status({ limits: [limit({ pending: { amount: null, confirmable_at: at } })] })),
      'POST /responsible-gaming/limits/confirm': () => apiError(409, 'RG_TOO_EARLY'),
    });
    renderPage();
    const pending = await screen.findByTestId('rg-limit-loss-day-pending');
    expect(pending.textContent).toContain('Removal waiting: confirm from');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm change' }));
    await waitFor(() =>
      expect(toasts()).toEqual([
        'Too early: the change can be confirmed 24 hours after you asked.',
      ]),
    );
  });
});

describe('time-out and self-exclusion', () => {
  it('a time-out starts only after the second yes; cancelling sends nothing', async () => {
    const until = '2026-06-01T10:00:00.000Z';
    const seen = mockApi({
      'GET /responsible-gaming': () => json(200, status()),
      'POST /responsible-gaming/block': () =>
        json(200, status({ block: { kind: 'time_out', until } })),
    });
    renderPage();
    fireEvent.change(await screen.findByTestId('rg-time_out-duration'), {
      target: { value: '7d' },
    });
    fireEvent.click(screen.getByTestId('rg-time_out-start'));
    const dialog = await screen.findByRole('dialog', { name: 'Time-out' });
    expect(dialog.textContent).toContain(
      'Start a time-out for 7 days? It cannot be undone or shortened.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(countOf(seen, 'POST', '/responsible-gaming/block')).toBe(0);

    fireEvent.click(screen.getByTestId('rg-time_out-start'));
    fireEvent.click(await screen.findByTestId('rg-block-yes'));
    const active = await screen.findByTestId('rg-block-active');
    expect(active.textContent).toBe(
      `Your time-out is active until ${formatDateTime(until, 'en')}.`,
    );
    expect(seen.find((r) => r.path === '/responsible-gaming/block')?.body).toEqual({
      kind: 'time_out',
      duration: '7d',
    });
    // While it holds, no new one can be started from here.
    expect(screen.queryByTestId('rg-time_out-start')).toBeNull();
  });

  it('a permanent self-exclusion, with the national scheme and the help page', async () => {
    const seen = mockApi({
      'GET /responsible-gaming': () =>
        json(200, status({ national_scheme_url: 'https://scheme.example/register' })),
      'POST /responsible-gaming/block': () =>
        json(
          200,
          status({
            block: { kind: 'self_exclusion', until: null },
            national_scheme_url: 'https://scheme.example/register',
          }),
        ),
    });
    renderPage();
    const select = await screen.findByTestId('rg-self_exclusion-duration');
    expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      '6 months',
      '1 year',
      '5 years',
      'Permanently',
    ]);
    fireEvent.change(select, { target: { value: 'permanent' } });
    fireEvent.click(screen.getByTestId('rg-self_exclusion-start'));
    const dialog = await screen.findByRole('dialog', { name: 'Self-exclusion' });
    expect(dialog.textContent).toContain('Exclude yourself permanently? It cannot be undone.');
    fireEvent.click(within(dialog).getByTestId('rg-block-yes'));
    expect((await screen.findByTestId('rg-block-active')).textContent).toBe(
      'You are permanently self-excluded.',
    );
    expect(seen.find((r) => r.path === '/responsible-gaming/block')?.body).toEqual({
      kind: 'self_exclusion',
      duration: 'permanent',
    });
    expect(screen.getByTestId('rg-scheme').getAttribute('href')).toBe(
      'https://scheme.example/register',
    );
    expect(screen.getByRole('link', { name: 'Help with gambling' }).getAttribute('href')).toBe(
      '/responsible-gaming',
    );
  });
});
