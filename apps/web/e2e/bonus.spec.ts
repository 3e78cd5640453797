import { expect, test, type Page } from '@playwright/test';
import { newPlayer, registerThroughApi, useEnglish } from './support/accounts';
import { NOT_A_SLOT, spinRounds } from './support/studio-games';
import { picture, picturesTag } from './support/pictures';

/**
 * The bonus page on a real server: a promo code's bonus money is wagered by a real game's
 * spins and the progress moves; Cancel forfeits what is left and the balance is the cash;
 * the daily bonus shows its countdown once taken; screenshots in both themes, languages and
 * sizes. The seeded promo code ORBITA5 gives $5 of bonus money (wager 10 ×, slots 100 %).
 */

/** GET /api/user/me with the page's own access token. */
async function me(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get('/api/user/me', {
    headers: { Authorization: `Bearer ${token ?? ''}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { balance: string; cash: string; bonus: string };
}

async function activatePromo(page: Page, code: string) {
  await page.getByTestId('promo-code').fill(code);
  await page.getByTestId('promo-submit').click();
}

async function spinSome(page: Page, rounds: number) {
  await page.goto('/pragmatic');
  // A slot: it wagers 100 % and has the spin button (the studios list table games too).
  await page
    .getByTestId('provider-games-pragmatic')
    .getByTestId('game-tile')
    .filter({ hasNotText: NOT_A_SLOT })
    .first()
    .click();
  await expect(page.getByTestId('play-mode')).toHaveAttribute('data-mode', 'real');
  await spinRounds(page, rounds);
}

test.describe('bonus page', () => {
  test.beforeEach(async ({ page }) => {
    await useEnglish(page);
  });

  test('a promo code, a real game until the progress moves, then cancel: the balance is the cash', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const player = newPlayer('b');
    await registerThroughApi(page, player);
    await page.goto('/profile/bonus');
    await expect(page.getByTestId('bonus-active-empty')).toBeVisible();

    // Clear refusals first.
    await activatePromo(page, 'no-such-code');
    await expect(page.getByTestId('promo-code-message')).toHaveText('There is no such promo code.');
    await activatePromo(page, 'vip25');
    await expect(page.getByTestId('promo-code-message')).toHaveText(
      'This promo code needs a deposit first.',
    );

    // Case does not matter.
    await activatePromo(page, 'orbita5');
    await expect(page.getByTestId('bonus-active')).toBeVisible();
    await expect(page.getByTestId('bonus-percent')).toHaveText('0%');
    await expect(page.getByTestId('bonus-money')).toHaveText('$5.00');
    await expect(page.getByTestId('header-bonus')).toContainText('$5.00');
    await activatePromo(page, 'ORBITA5');
    await expect(page.getByTestId('promo-code-message')).toHaveText(
      'You have already used this promo code.',
    );

    // Play for real with the bonus money; the walkthrough moves.
    await spinSome(page, 3);
    await page.goto('/profile/bonus');
    // Each spin's stake wagers 100 % (a slot): the wagered amount is no longer zero.
    await expect(page.getByTestId('bonus-wagered')).toHaveText(/^\$\d+\.\d\d of \$50\.00 wagered$/);
    await expect(page.getByTestId('bonus-wagered')).not.toHaveText(/^\$0\.00 of/);

    // Cancel: the confirmation names what is forfeited; afterwards the balance is the cash.
    const held = await me(page);
    await page.getByTestId('bonus-cancel').click();
    await expect(page.getByTestId('bonus-cancel-text')).toContainText('will be forfeited');
    await expect(page.getByTestId('bonus-cancel-text')).toContainText(`$${held.bonus}`);
    await page.getByTestId('bonus-cancel-confirm').click();
    await expect(page.getByTestId('bonus-active-empty')).toBeVisible();
    const after = await me(page);
    expect(after).toMatchObject({ bonus: '0.00', cash: held.cash, balance: held.cash });
    await expect(page.getByTestId('bonus-money')).toHaveText('$0.00');
    await expect(page.getByTestId('header-bonus')).toHaveCount(0);
    await expect(page.getByTestId('header-balance')).toHaveText(`$${held.cash}`);
  });

  test('the daily bonus: received once, then a countdown to the next', async ({ page }) => {
    const player = newPlayer('b');
    await registerThroughApi(page, player);
    await page.goto('/profile/bonus');
    await page.getByTestId('bonus-daily').getByTestId('offer-daily-receive').click();
    await expect(page.getByTestId('bonus-active')).toContainText('Daily bonus');
    const countdown = page.getByTestId('daily-countdown');
    await expect(countdown).toContainText(/Next bonus in\s*2[0-3]:\d\d:\d\d/);
    const first = await countdown.textContent();
    await expect.poll(() => countdown.textContent(), { timeout: 5_000 }).not.toBe(first);
    expect((await me(page)).bonus).toBe('1.00');
  });

  test(`pictures: wide and phone, dark and light, English and Russian ${picturesTag}`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const player = newPlayer('b');
    await registerThroughApi(page, player);
    await page.goto('/profile/bonus');
    await activatePromo(page, 'ORBITA5');
    await expect(page.getByTestId('bonus-active')).toBeVisible();
    await spinSome(page, 2);
    const shots = [
      { name: 'wide-dark', theme: 'dark', width: 1440, height: 900 },
      { name: 'wide-light', theme: 'light', width: 1440, height: 900 },
      { name: 'phone-dark', theme: 'dark', width: 390, height: 844 },
      { name: 'phone-light', theme: 'light', width: 390, height: 844 },
    ] as const;
    for (const lang of ['en', 'ru'] as const) {
      for (const shot of shots) {
        await page.setViewportSize({ width: shot.width, height: shot.height });
        await page.goto('/profile/bonus');
        await page.evaluate(
          ([theme, language]) => {
            localStorage.setItem('theme', theme);
            localStorage.setItem('lang', language);
          },
          [shot.theme, lang] as const,
        );
        await page.reload();
        await expect(page.getByTestId('bonus-active')).toBeVisible();
        await picture(page, `bonus-${shot.name}-${lang}`, { fullPage: true });
      }
    }
    // The cancel confirmation, wide dark, Russian (the last language set).
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await page.getByTestId('bonus-cancel').click();
    await expect(page.getByTestId('bonus-cancel-text')).toBeVisible();
    await picture(page, 'bonus-cancel-confirm-ru');
  });
});
