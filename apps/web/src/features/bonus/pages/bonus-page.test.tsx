import type { BonusOffer, BonusOverviewResponse, PlayerBonus } from '@casino/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { useToastStore } from '../../../shared/ui/toast/toast-store';
import { apiError, countOf, json, mockApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { BonusPage } from './bonus-page';
import { signedInInEnglish } from '../../../test/signed-in';

const offer = (id: string, o: Partial<BonusOffer> = {}): BonusOffer => ({
  id,
  kind: 'free_credit',
  title: { en: `Offer ${id}`, ru: `Предложение ${id}` },
  terms: { en: 'Wager 10 ×.', ru: 'Отыграйте 10 раз.' },
  amount: '5.00',
  match_percent: null,
  max_bonus: null,
  min_deposit: null,
  wagering_multiplier: 10,
  wagering_base: 'bonus',
  contributions: { slots: 100 },
  max_bet: '2.00',
  valid_days: 7,
  max_cashout: '25.00',
  claimable: true,
  reason: null,
  queues: false,
  ...o,
});

const active: PlayerBonus = {
  id: '7',
  offer_id: 'promo-5',
  kind: 'free_credit',
  title: { en: 'Promo code: $5 bonus', ru: 'Промокод: бонус $5' },
  status: 'active',
  amount: '5.00',
  balance: '3.50',
  wagered: '12.50',
  wagering_required: '50.00',
  percent: 25,
  max_bet: '2.00',
  max_cashout: '25.00',
  contributions: { slots: 100 },
  match_percent: null,
  max_bonus: null,
  min_deposit: null,
  claimed_at: '2026-11-25T10:00:00Z',
  expires_at: '2026-12-02T10:00:00Z',
  ended_at: null,
  converted_amount: null,
  forfeited_amount: null,
  withdrawal_forfeit: { bonus: '3.50', winnings: '0.00', total: '3.50' },
};

const overview = (o: Partial<BonusOverviewResponse> = {}): BonusOverviewResponse => ({
  featured: offer('welcome-match', { kind: 'deposit_match', amount: null, match_percent: 100 }),
  offers: [offer('free-10')],
  daily: { offer: offer('daily', { kind: 'daily', amount: '1.00' }), next_at: null },
  active: null,
  queued: [],
  history: [],
  cash: '10.00',
  bonus: '0.00',
  now: new Date().toISOString(),
  ...o,
});

const toasts = () => useToastStore.getState().toasts.map((t) => t.message);
const renderPage = () => renderWithProviders(<BonusPage />, { path: '/profile/bonus' });

signedInInEnglish({ balance: '10.00' });

describe('bonus page', () => {
  it('shows the offers, the daily bonus and the empty state when no bonus is open', async () => {
    mockApi({ 'GET /bonus': () => json(200, overview()) });
    renderPage();
    expect(await screen.findByTestId('bonus-active-empty')).toBeTruthy();
    expect(screen.getByTestId('bonus-featured').textContent).toContain('Offer welcome-match');
    expect(screen.getByTestId('offer-welcome-match-deposit').getAttribute('href')).toBe(
      '/profile/balance/credit',
    );
    expect(screen.getByTestId('offer-free-10')).toBeTruthy();
    expect(screen.getByTestId('bonus-cash').textContent).toBe('$10.00');
  });

  it('explains each refused promo code under the field', async () => {
    const codes: Record<string, string> = {
      NOPE: 'PROMO_UNKNOWN',
      OLD: 'PROMO_EXPIRED',
      GONE: 'PROMO_USED_UP',
      MINE: 'PROMO_ALREADY_USED',
      RICH: 'DEPOSIT_REQUIRED',
    };
    mockApi({
      'GET /bonus': () => json(200, overview()),
      'POST /bonus/promo': (request) => {
        const { code } = request.body as { code: string };
        return apiError(code === 'NOPE' ? 404 : 409, codes[code] ?? 'PROMO_UNKNOWN');
      },
    });
    renderPage();
    await screen.findByTestId('bonus-promo');
    const expected: Record<string, string> = {
      NOPE: 'There is no such promo code.',
      OLD: 'This promo code has expired.',
      GONE: 'This promo code has been used up.',
      MINE: 'You have already used this promo code.',
      RICH: 'This promo code needs a deposit first.',
    };
    for (const [code, text] of Object.entries(expected)) {
      fireEvent.change(screen.getByTestId('promo-code'), { target: { value: code } });
      fireEvent.click(screen.getByTestId('promo-submit'));
      await waitFor(() => expect(screen.getByTestId('promo-code-message').textContent).toBe(text));
    }
    fireEvent.change(screen.getByTestId('promo-code'), { target: { value: '  ' } });
    fireEvent.click(screen.getByTestId('promo-submit'));
    expect(screen.getByTestId('promo-code-message').textContent).toBe('Enter a promo code.');
  });

  it('shows the walkthrough and cancels after a confirmation naming what is forfeited', async () => {
    let cancelled = false;
    const seen = mockApi({
      'GET /bonus': () =>
        json(200, overview(cancelled ? {} : { active, bonus: '3.50', cash: '10.00' })),
      'POST /bonus/7/cancel': () => {
        cancelled = true;
        return json(200, {
          bonus: { ...active, status: 'cancelled', forfeited_amount: '3.50', balance: '0.00' },
        });
      },
    });
    renderPage();
    expect((await screen.findByTestId('bonus-percent')).textContent).toBe('25%');
    expect(screen.getByTestId('bonus-wagered').textContent).toBe('$12.50 of $50.00 wagered');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    fireEvent.click(screen.getByTestId('bonus-cancel'));
    expect((await screen.findByTestId('bonus-cancel-text')).textContent).toBe(
      'The bonus money left, $3.50, will be forfeited. Your cash ($10.00) stays yours.',
    );
    fireEvent.click(screen.getByTestId('bonus-cancel-confirm'));
    expect(await screen.findByTestId('bonus-active-empty')).toBeTruthy();
    expect(toasts()).toContain('Bonus cancelled. Forfeited: $3.50');
    expect(countOf(seen, 'POST', '/bonus/7/cancel')).toBe(1);
  });

  it('counts down to the next daily bonus', async () => {
    const next = new Date(Date.now() + 2 * 3600_000 + 5 * 60_000).toISOString();
    mockApi({
      'GET /bonus': () =>
        json(200, overview({ daily: { offer: offer('daily', { kind: 'daily' }), next_at: next } })),
    });
    renderPage();
    expect((await screen.findByTestId('daily-countdown')).textContent).toMatch(
      /Next bonus in 02:0[45]:\d\d/,
    );
  });

  it('says so when the bonuses cannot be loaded, and tries again', async () => {
    let fail = true;
    mockApi({ 'GET /bonus': () => (fail ? apiError(500, 'INTERNAL') : json(200, overview())) });
    renderPage();
    expect(await screen.findByTestId('bonus-error', {}, { timeout: 5000 })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByText('Try again'));
    expect(await screen.findByTestId('bonus-active-empty')).toBeTruthy();
  });

  it('queues an offer behind the active bonus, shows it as queued, and says the cash can always go (issue 25)', async () => {
    let queued: PlayerBonus[] = [];
    const seen = mockApi({
      'GET /bonus': () =>
        json(
          200,
          overview({
            active: {
              ...active,
              balance: '8.00',
              withdrawal_forfeit: { bonus: '5.00', winnings: '3.00', total: '8.00' },
            },
            offers: [offer('free-10', { queues: queued.length === 0 })],
            queued,
            bonus: '8.00',
          }),
        ),
      'POST /bonus/claim': () => {
        queued = [
          {
            ...active,
            id: '8',
            offer_id: 'free-10',
            status: 'queued',
            amount: '10.00',
            balance: '0.00',
            withdrawal_forfeit: null,
            title: { en: 'Offer free-10', ru: 'Предложение free-10' },
          },
        ];
        return json(201, { bonus: queued[0] });
      },
    });
    renderPage();
    expect((await screen.findByTestId('bonus-withdrawal-rule')).textContent).toBe(
      'Your cash ($10.00) can be withdrawn at any time. A withdrawal now ends this bonus and forfeits its bonus money and winnings ($8.00); you see the amounts and confirm first.',
    );
    const claim = screen.getByTestId('offer-free-10-receive');
    expect(claim.textContent).toBe('Queue it');
    fireEvent.click(claim);
    expect((await screen.findByTestId('bonus-queued-8')).textContent).toContain(
      'Queued: starts when your current bonus ends',
    );
    expect(toasts()).toContain('Queued: Offer free-10 starts when your current bonus ends.');
    expect(countOf(seen, 'POST', '/bonus/claim')).toBe(1);
  });

  it('shows a bonus ended by a withdrawal in the history, in Russian too', async () => {
    const forfeited: PlayerBonus = {
      ...active,
      status: 'forfeited',
      balance: '0.00',
      ended_at: '2026-11-26T10:00:00Z',
      forfeited_amount: '8.00',
      withdrawal_forfeit: null,
    };
    mockApi({ 'GET /bonus': () => json(200, overview({ history: [forfeited] })) });
    renderPage();
    expect((await screen.findByTestId('bonus-history-7')).textContent).toContain(
      'Ended by a withdrawal: $8.00 forfeited',
    );
    await i18n.changeLanguage('ru');
    await waitFor(() =>
      expect(screen.getByTestId('bonus-history-7').textContent).toContain('Завершён выводом'),
    );
  });
});
