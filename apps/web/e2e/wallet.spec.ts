import { randomUUID } from 'node:crypto';
import process from 'node:process';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newPlayer, registerThroughApi, useEnglish, type Player } from './support/accounts';
import { NOT_A_SLOT, spinOnce, spinRounds } from './support/studio-games';
import { picture, picturesTag } from './support/pictures';

/** playwright.config.ts gives the main e2e server this operator token. */
const operatorToken = process.env.E2E_OPERATOR_API_TOKEN ?? '';

/** "$1,234.50", "1,234.50 USD", "1 234,50 $" → "1234.50": the digits an amount shows. */
function plainAmount(text: string | null): string {
  const cleaned = (text ?? '').replace(/[^\d.,-]/g, '');
  // English grouping commas go; a decimal comma (Russian) becomes a point.
  return /,\d{2,3}$/.test(cleaned)
    ? cleaned.replace(/\./g, '').replace(',', '.')
    : cleaned.replace(/,/g, '');
}

/** Credits a player through POST /api/operator/wallet/adjustments. */
async function fund(request: APIRequestContext, player: Player, amount: string) {
  const response = await request.post('/api/operator/wallet/adjustments', {
    headers: { Authorization: `Bearer ${operatorToken}` },
    data: {
      user: player.username,
      amount,
      reason: 'e2e test funds',
      idempotencyKey: `e2e-${randomUUID()}`,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { balance: string; outcome: string };
}

/** GET /api/user/me with the page's own access token: the balance the server holds. */
async function serverBalance(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get('/api/user/me', {
    headers: { Authorization: `Bearer ${token ?? ''}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { balance: string }).balance;
}

const headerBalance = (page: Page) => page.getByTestId('header-balance');
/** The header's strip of the screen, for its pictures. */
const headerClip = (page: Page) => ({
  x: 0,
  y: 0,
  width: page.viewportSize()?.width ?? 1280,
  height: 96,
});

test.describe('wallet', () => {
  test.beforeEach(async ({ page }) => {
    await useEnglish(page);
  });

  test('a funded player spins for real; the header follows live, the balance page lists the movements', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const player = newPlayer('w');
    await registerThroughApi(page, player);
    await expect(headerBalance(page)).toHaveText('$0.00');

    // Funding reaches the open page over the live stream: no reload, no navigation.
    const funded = await fund(page.request, player, '100.00');
    expect(funded).toMatchObject({ outcome: 'applied', balance: '100.00' });
    await expect(headerBalance(page)).toHaveText('$100.00');
    await expect(headerBalance(page)).toHaveAttribute('data-change', 'up');

    // A real-mode Pragmatic game from the lobby, in the game frame.
    await page.goto('/pragmatic');
    // A slot (the studios also list table and instant games, each named after its game).
    const tile = page
      .getByTestId('provider-games-pragmatic')
      .getByTestId('game-tile')
      .filter({ hasNotText: NOT_A_SLOT })
      .first();
    const gameName = ((await tile.getByTestId('game-name').textContent()) ?? '').trim();
    expect(gameName).not.toBe('');
    await tile.click();
    await expect(page).toHaveURL(/\/play\/pragmatic\//);
    await expect(page.getByTestId('play-mode')).toHaveAttribute('data-mode', 'real');
    const game = page.frameLocator('[data-testid="play-frame"]');
    const gameBalance = game.locator('#balance');
    await expect(gameBalance).toHaveText(/100[.,]00/);
    const before = plainAmount(await gameBalance.textContent());
    expect(before).toBe('100.00');

    // Spin until a round ends with another balance than it started with (a win equal to the
    // bet leaves it unchanged; a bet with no win lowers it).
    let after = before;
    for (let round = 1; round <= 10 && after === before; round++) {
      await spinOnce(page);
      after = plainAmount(await gameBalance.textContent());
    }
    expect(after, 'ten rounds left the balance unchanged').not.toBe(before);

    // The header, still on the game page, shows what the game shows: pushed by the stream.
    await expect
      .poll(async () => plainAmount(await headerBalance(page).textContent()), { timeout: 5_000 })
      .toBe(after);
    expect(page.url()).toMatch(/\/play\/pragmatic\//);

    // Back in the lobby the header keeps the new balance, the one the server holds.
    await page.getByTestId('play-back').click();
    await expect(page).toHaveURL(/\/pragmatic$/);
    const held = await serverBalance(page);
    expect(held).toBe(after);
    await expect.poll(async () => plainAmount(await headerBalance(page).textContent())).toBe(held);

    // The balance page: the same balance, the operator's funding and the game's bets.
    await page.goto('/profile/balance');
    await expect(page.getByTestId('balance-amount')).toHaveText(`$${held}`);
    const rows = page.getByTestId('transactions').getByRole('listitem');
    const adjustment = rows.filter({ hasText: 'Adjustment' });
    await expect(adjustment).toHaveCount(1);
    await expect(adjustment).toContainText('Operator');
    await expect(adjustment.getByTestId('transaction-amount')).toHaveText('+$100.00');
    const bets = page.locator('[data-testid="transaction"][data-kind="bet"]');
    expect(await bets.count()).toBeGreaterThanOrEqual(1);
    await expect(bets.first()).toContainText('Bet');
    await expect(bets.first()).toContainText(gameName);
    await expect(bets.first().getByTestId('transaction-amount')).toHaveText(/^\u2212\$\d/);

    // A movement while the page is open shows up on top, without a reload.
    await fund(page.request, player, '5.00');
    await expect(rows.first()).toContainText('Adjustment');
    await expect(rows.first().getByTestId('transaction-amount')).toHaveText('+$5.00');
    await expect(adjustment).toHaveCount(2);
  });

  test('the operator API refuses a wrong token and moves nothing', async ({ page, request }) => {
    const player = newPlayer('w');
    await registerThroughApi(page, player);
    const refused = await request.post('/api/operator/wallet/adjustments', {
      headers: { Authorization: 'Bearer not-the-operator-token-0123456789abcdef' },
      data: { user: player.username, amount: '5.00', reason: 'r', idempotencyKey: 'k' },
    });
    expect(refused.status()).toBe(401);
    expect(await serverBalance(page)).toBe('0.00');
  });

  test('the header balance flashes down and up, in both themes and on a phone', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const player = newPlayer('w');
    await registerThroughApi(page, player);
    await fund(page.request, player, '1234.50');
    await expect(headerBalance(page)).toHaveText('$1,234.50');
    for (const theme of ['dark', 'light'] as const) {
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      await page.reload();
      await expect(headerBalance(page)).toHaveText('$1,234.50');
      await picture(page, `header-${theme}`, { clip: headerClip(page) });
    }
    // A live change while the header is on screen: one soft pulse (taken mid-way).
    await fund(page.request, player, '-34.50');
    await expect(headerBalance(page)).toHaveText('$1,200.00');
    await expect(headerBalance(page)).toHaveAttribute('data-change', 'down');
    await picture(page, 'header-light-down', { clip: headerClip(page) });
    await fund(page.request, player, '0.50');
    await expect(headerBalance(page)).toHaveText('$1,200.50');
    await expect(headerBalance(page)).toHaveAttribute('data-change', 'up');
    await picture(page, 'header-light-up', { clip: headerClip(page) });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect(headerBalance(page)).toHaveText('$1,200.50');
    await picture(page, 'phone-dark');
    await fund(page.request, player, '99.50');
    await expect(headerBalance(page)).toHaveText('$1,300.00');
    await picture(page, 'phone-dark-up', { clip: headerClip(page) });
  });

  test(`pictures of the balance page: wide dark and light, phone light, both languages ${picturesTag}`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const player = newPlayer('w');
    await registerThroughApi(page, player);
    await fund(page.request, player, '1234.50');
    await fund(page.request, player, '-34.50');
    // A few real rounds, so the statement has bets and wins with a game's name.
    await page.goto('/pragmatic');
    await page
      .getByTestId('provider-games-pragmatic')
      .getByTestId('game-tile')
      .filter({ hasNotText: NOT_A_SLOT })
      .first()
      .click();
    await expect(page.getByTestId('play-mode')).toHaveAttribute('data-mode', 'real');
    await spinRounds(page, 4);

    const shots = [
      { name: 'wide-dark', theme: 'dark', width: 1440, height: 900 },
      { name: 'wide-light', theme: 'light', width: 1440, height: 900 },
      { name: 'phone-light', theme: 'light', width: 390, height: 844 },
    ] as const;
    for (const lang of ['en', 'ru'] as const) {
      for (const shot of shots) {
        await page.setViewportSize({ width: shot.width, height: shot.height });
        await page.goto('/profile/balance');
        await page.evaluate(
          ([theme, language]) => {
            localStorage.setItem('theme', theme);
            localStorage.setItem('lang', language);
          },
          [shot.theme, lang] as const,
        );
        await page.reload();
        await expect(page.getByTestId('transactions').getByRole('listitem').first()).toBeVisible();
        await picture(page, `balance-${shot.name}-${lang}`, { fullPage: true });
      }
    }
  });
});
