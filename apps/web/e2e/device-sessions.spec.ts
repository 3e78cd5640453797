import { expect, test, type Browser, type Page } from '@playwright/test';
import { newPlayer, registerThroughApi, useEnglish, type Player } from './support/accounts';

async function logInOnAnotherBrowser(browser: Browser, player: Player): Promise<Page> {
  const context = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  });
  const page = await context.newPage();
  await useEnglish(page);
  await page.goto('/');
  await page.getByTestId('login-button').click();
  await page.getByTestId('login-email').fill(player.email);
  await page.getByTestId('login-password').fill(player.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('header-username')).toHaveText(player.username);
  return page;
}

test.describe('devices in the profile', () => {
  test('the player sees the other device and signs it out', async ({ page, browser }) => {
    test.setTimeout(60_000);
    await useEnglish(page);
    const player = newPlayer('d');
    await registerThroughApi(page, player);
    const phone = await logInOnAnotherBrowser(browser, player);

    await page.goto('/profile');
    const rows = page.getByTestId('session-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ has: page.getByTestId('session-current') })).toHaveCount(1);
    const phoneRow = rows.filter({ hasText: 'Safari 17 · iOS 17' });
    await expect(phoneRow).toBeVisible();

    await phoneRow.getByTestId('session-end').click();
    await expect(rows).toHaveCount(1);
    await expect(page.getByTestId('sessions-only-this')).toBeVisible();

    // The phone's session is over at once: its next call finds it signed out.
    await phone.reload();
    await expect(phone.getByTestId('login-button')).toBeVisible();
    await phone.context().close();
  });
});
