import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { newPlayer, registerThroughApi } from './support/accounts';
import { screens } from './support/screens';
import { describeFindings, seriousFindings } from './support/axe';
import { picture } from './support/pictures';

/**
 * The limits page (/profile/responsible-gaming, issue 29) as a player with something on it (a
 * limit in force, a raise pending, a play time limit): axe finds nothing serious or critical in
 * both languages, both themes, on a phone and a wide screen, with the time-out confirmation
 * open too; the pictures (`npm run pictures`) are for a person to look at.
 */
let playerState: Awaited<ReturnType<BrowserContext['storageState']>>;

/** A player with a loss limit, a pending raise of it and a daily play time limit. */
async function playerWithLimits(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await registerThroughApi(page, newPlayer('rg'));
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token ?? ''}` };
  const put = async (path: string, data: object) => {
    const response = await page.request.put(`/api/responsible-gaming/${path}`, { headers, data });
    expect(response.status(), await response.text()).toBe(200);
  };
  await put('limits', { kind: 'loss', period: 'week', amount: '50.00' });
  await put('limits', { kind: 'loss', period: 'week', amount: '80.00' });
  await put('limits', { kind: 'deposit', period: 'day', amount: '200.00' });
  await put('session-limit', { minutes: 120 });
  await put('reality-check', { minutes: 30 });
  const state = await context.storageState();
  await context.close();
  return state;
}

test.describe('the limits page', () => {
  test.beforeAll(async ({ browser, baseURL }) => {
    test.setTimeout(60_000);
    playerState = await playerWithLimits(browser, baseURL ?? '');
  });

  // One context per screen; each theme and language is the same page reloaded with them saved,
  // as the player's own choice would be (a new context per variant cost three times a reload).
  for (const screen of screens) {
    test(`${screen.name}: no serious axe finding in either theme or language`, async ({
      browser,
      baseURL,
    }) => {
      // Eight full axe scans of a long page: slow on a busy machine.
      test.setTimeout(150_000);
      const context = await browser.newContext({
        baseURL,
        ...screen.options,
        reducedMotion: 'reduce',
        storageState: playerState,
      });
      const page = await context.newPage();
      const findings: string[] = [];
      try {
        await page.goto('/profile/responsible-gaming');
        for (const theme of ['dark', 'light'] as const) {
          for (const language of ['en', 'ru'] as const) {
            const name = `${screen.name}-${theme}-${language}`;
            await page.evaluate(
              ([t, l]) => {
                window.localStorage.setItem('theme', t);
                window.localStorage.setItem('lang', l);
              },
              [theme, language] as const,
            );
            await page.reload();
            await expect(page.locator('html')).toHaveAttribute('lang', language);
            await expect(page.locator('html')).toHaveClass(theme);
            await expect(page.getByTestId('rg-page')).toBeVisible({ timeout: 15_000 });
            await expect(page.getByTestId('rg-limit-loss-week-pending')).toBeVisible();
            await page.evaluate(() => document.fonts.ready.then(() => undefined));
            findings.push(
              ...describeFindings(await seriousFindings(page)).map((f) => `${name}: ${f}`),
            );
            await picture(page, name, { fullPage: true });

            await page.getByTestId('rg-time_out-start').click();
            await expect(page.getByRole('dialog')).toBeVisible();
            findings.push(
              ...describeFindings(await seriousFindings(page)).map(
                (f) => `${name} time-out dialog: ${f}`,
              ),
            );
            await picture(page, `${name}-time-out`);
          }
        }
      } finally {
        await context.close();
      }
      expect(findings).toEqual([]);
    });
  }
});
