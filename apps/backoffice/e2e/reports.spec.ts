import process from 'node:process';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { newPlayer, registerThroughApi, useEnglish } from '../../web/e2e/support/accounts';
import { NOT_A_SLOT, spinRounds } from '../../web/e2e/support/studio-games';
import { depositByCard } from './support/player';
import { scanEveryVariant, scanViewports, signInWithSetupLink } from './support/staff';

/**
 * Issue 30's reports screen: a player deposits and plays a few rounds of a slot; a finance
 * member (role payments, made by `npm run staff:create` like the admin of journey.spec.ts)
 * opens today's report and finds that game's rounds and GGR, exact to the cent, and the
 * deposit; then the screen is scanned by axe and photographed in both themes and languages.
 */

test.describe.configure({ mode: 'serial' });

const financeEmail = process.env.E2E_FINANCE_EMAIL ?? '';
const financePassword = 'Finance password 42 long';
const baseURL = process.env.E2E_BACKOFFICE_URL;
let financeState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;

/** "$1,234.50" or "1 234,50" as "1234.50". */
function plainAmount(text: string | null): string {
  const cleaned = (text ?? '').replace(/[^\d.,-]/g, '');
  return /,\d{2,3}$/.test(cleaned)
    ? cleaned.replace(/\./g, '').replace(',', '.')
    : cleaned.replace(/,/g, '');
}

/** Cents to the back office's money text ("−1.20 USD", decision 067's formatMoney). */
function money(cents: number): string {
  const sign = cents < 0 ? '−' : '';
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')} USD`;
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

/** A player deposits $100 by card and plays `rounds` spins of a Pragmatic slot. */
async function playSomeRounds(browser: Browser, rounds: number) {
  const context = await browser.newContext({ baseURL });
  const player = await context.newPage();
  await useEnglish(player);
  await registerThroughApi(player, newPlayer('rep'));
  await depositByCard(player, '100');
  await player.goto('/pragmatic');
  await player
    .getByTestId('provider-games-pragmatic')
    .getByTestId('game-tile')
    .filter({ hasNotText: NOT_A_SLOT })
    .first()
    .click();
  await expect(player).toHaveURL(/\/play\/pragmatic\//);
  const gameId = decodeURIComponent(new URL(player.url()).pathname.split('/').pop() ?? '');
  await expect(player.getByTestId('play-mode')).toHaveAttribute('data-mode', 'real');
  const game = player.frameLocator('[data-testid="play-frame"]');
  await spinRounds(player, rounds);
  const balance = plainAmount(await game.locator('#balance').textContent());
  await context.close();
  return { gameId, balance };
}

const signIn = (page: Page) =>
  signInWithSetupLink(page, process.env.E2E_FINANCE_SETUP_FILE, financeEmail, financePassword);

test('a finance member sees today’s play in the report', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const rounds = 3;
  const played = await playSomeRounds(browser, rounds);
  // The game's GGR is what the player lost in it: the $100 deposited less what is left.
  const ggr = money(10_000 - cents(played.balance));

  await signIn(page);
  financeState = await page.context().storageState();
  const sections = page.getByRole('navigation', { name: 'Back office sections' });
  // Finance, not the staff administration or the audit log.
  await expect(sections.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await sections.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await expect(page.getByTestId('report-time-zone')).toHaveText('Time zone: UTC');

  // Today only, by game: the summaries job runs every 5 s, so Show again until it has caught up.
  const today = await page.evaluate(() => new Date().toISOString().slice(0, 10));
  await page.getByTestId('report-from').fill(today);
  await page.getByTestId('report-to').fill(today);
  await page.getByTestId('report-by').selectOption('game');
  const gameRow = page
    .getByTestId('report-table')
    .getByRole('row')
    .filter({ hasText: `pragmatic · ${played.gameId}` });
  const cells = gameRow.getByRole('cell');
  // The row can show before the job has summarised the last round: wait for all of them.
  await expect(async () => {
    await page.getByTestId('report-show').click();
    await expect(gameRow).toHaveCount(1, { timeout: 1_000 });
    await expect(cells.nth(7)).toHaveText(String(rounds), { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  // Period, group, stakes, wins, GGR, bonus cost, NGR, rounds, active players.
  await expect(cells.nth(0)).toHaveText(today);
  await expect(cells.nth(4)).toHaveText(ggr);
  await expect(cells.nth(5)).toHaveText('0.00 USD');
  await expect(cells.nth(6)).toHaveText(ggr);
  await expect(cells.nth(7)).toHaveText(String(rounds));
  await expect(cells.nth(8)).toHaveText('1');
  await expect(page.getByTestId('report-chart').locator('canvas')).toBeVisible();
  // Beside a table by game, the chart is each period's total over every game, and says so.
  await expect(page.getByTestId('report-chart-note')).toBeVisible();

  // The total of the day holds the deposit (and any of the other tests on this server).
  await page.getByTestId('report-by').selectOption('all');
  await page.getByTestId('report-show').click();
  const total = page.getByTestId('report-table').getByRole('row').filter({ hasText: today });
  await expect(total).toHaveCount(1);
  await expect(page.getByTestId('report-chart-note')).toHaveCount(0);
  expect(cents(plainAmount(await total.getByRole('cell').nth(8).textContent()))).toBeGreaterThan(0);
  await expect(page.getByTestId('liability-total')).toHaveText(/USD$/);
  // The CSV link asks the streamed route for the same report.
  await expect(page.getByTestId('report-csv')).toHaveAttribute(
    'href',
    new RegExp(`/api/operator/reports/summary\\.csv\\?from=${today}&to=${today}&period=day&by=all`),
  );
});

// One context per screen size; each theme and language is the same screen reloaded with them.
for (const viewport of scanViewports) {
  test(`the reports screen, ${viewport.name}: no serious axe finding in either theme or language`, async ({
    browser,
  }) => {
    // Four variants, each scanned by axe: more than the default 30 s on a busy machine.
    test.setTimeout(75_000);
    expect(financeState, 'the finance member signed in first').toBeTruthy();
    await scanEveryVariant(
      browser,
      { baseURL, viewport, state: financeState, path: '/backoffice/reports' },
      async (page, scan) => {
        await expect(page.getByTestId('report-chart').locator('canvas')).toBeVisible();
        await scan('reports');
      },
    );
  });
}
