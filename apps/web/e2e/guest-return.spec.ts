import { expect, test } from '@playwright/test';
import { newPlayer, registerThroughApi, useEnglish } from './support/accounts';

/**
 * Issue 25: `/profile/...` opened as a guest silently showed the home page. The guest lands on
 * / (SPEC §6) with the login window open over it, and after logging in arrives at the page
 * asked for (docs/decisions/064).
 */
test('a guest opening a profile page logs in and arrives at it', async ({ browser }) => {
  test.setTimeout(60_000);
  const setup = await browser.newPage();
  const player = newPlayer('r');
  await registerThroughApi(setup, player);
  await setup.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await useEnglish(page);
  await page.goto('/profile/balance');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
  await page.getByTestId('login-email').fill(player.email);
  await page.getByTestId('login-password').fill(player.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/profile\/balance$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Balance' })).toBeVisible();
  await context.close();
});
