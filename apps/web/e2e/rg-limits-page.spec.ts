import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { newPlayer, registerThroughApi } from './support/accounts';
import { picture } from './support/pictures';

/**
 * The limits page (/profile/responsible-gaming, issue 29) as a player with something on it (a
 * limit in force, a raise pending, a play time limit): axe finds nothing serious or critical in
 * both languages, both themes, on a phone and a wide screen, with the time-out confirmation
 * open too; the pictures (`npm run pictures`) are for a person to look at.
 */
const screens = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'wide', viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false },
] as const;
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

let playerState: Awaited<ReturnType<BrowserContext['storageState']>>;

async function serious(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

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

  for (const screen of screens) {
    for (const theme of ['dark', 'light'] as const) {
      for (const language of ['en', 'ru'] as const) {
        const name = `${screen.name}-${theme}-${language}`;
        test(`${name}: no serious axe finding`, async ({ browser, baseURL }) => {
          // Two full axe scans of a long page: slow on a busy machine.
          test.setTimeout(90_000);
          const context = await browser.newContext({
            baseURL,
            viewport: screen.viewport,
            isMobile: screen.isMobile,
            hasTouch: screen.hasTouch,
            reducedMotion: 'reduce',
            storageState: playerState,
          });
          await context.addInitScript(
            ([t, l]) => {
              window.localStorage.setItem('theme', t);
              window.localStorage.setItem('lang', l);
            },
            [theme, language] as const,
          );
          const page = await context.newPage();
          try {
            await page.goto('/profile/responsible-gaming');
            await expect(page.getByTestId('rg-page')).toBeVisible({ timeout: 15_000 });
            await expect(page.getByTestId('rg-limit-loss-week-pending')).toBeVisible();
            await page.evaluate(() => document.fonts.ready.then(() => undefined));
            const findings = await serious(page);
            await picture(page, name, { fullPage: true });

            await page.getByTestId('rg-time_out-start').click();
            await expect(page.getByRole('dialog')).toBeVisible();
            findings.push(...(await serious(page)).map((f) => `time-out dialog: ${f}`));
            await picture(page, `${name}-time-out`);
            expect(findings).toEqual([]);
          } finally {
            await context.close();
          }
        });
      }
    }
  }
});
