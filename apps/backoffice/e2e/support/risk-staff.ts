import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { totp } from './staff';
import { picture } from '../../../web/e2e/support/pictures';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * A staff member with the risk role, made by the admin (staff.create, from the admin's page so
 * the session's cookie goes with it), set up through the link with a password and an
 * authenticator, then signed in: the page is theirs.
 */
export async function signInRiskStaff(
  browser: Browser,
  baseURL: string | undefined,
  adminState: StorageState,
  password: string,
): Promise<Page> {
  const admin = await browser.newContext({ baseURL, storageState: adminState });
  const adminPage = await admin.newPage();
  await adminPage.goto('/backoffice/');
  const email = `risk-${Date.now().toString(36)}@staff.orbita.test`;
  const created = await adminPage.evaluate(async (address) => {
    const response = await fetch('/api/operator/staff', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ email: address, roles: ['risk'] }),
    });
    return { status: response.status, body: (await response.json()) as { setup_link?: string } };
  }, email);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await admin.close();
  const link = new URL(created.body.setup_link ?? '', 'http://placeholder');

  const context = await browser.newContext({ baseURL });
  await context.addInitScript(() => localStorage.setItem('orbita.backoffice.lang', 'en'));
  const page = await context.newPage();
  await page.goto(`${link.pathname}${link.hash}`);
  const secret = (await page.getByTestId('setup-secret').textContent()) ?? '';
  await page.getByTestId('setup-password').fill(password);
  await page.getByTestId('setup-repeat').fill(password);
  await page.getByTestId('setup-code').fill(totp(secret));
  await page.getByTestId('setup-submit').click();
  await expect(page.getByTestId('setup-done')).toBeVisible();
  await page.getByRole('link', { name: 'Go to sign-in' }).click();
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-code').fill(totp(secret, Date.now() + 30_000));
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('staff-member')).toContainText(email);
  return page;
}

/**
 * On the player's Responsible gaming tab: adds a deposit limit with its reason and sees it in
 * the limits and in the history (who, what, why); a raise of it is refused in words.
 */
export async function addLimitAsRiskStaff(page: Page, playerId: string) {
  await page.goto(`/backoffice/players/${playerId}`);
  await page.getByRole('tab', { name: 'Responsible gaming' }).click();
  await expect(page.getByTestId('rg-panel')).toBeVisible();
  await page.getByTestId('rg-kind').selectOption('deposit');
  await page.getByTestId('rg-period').selectOption('week');
  await page.getByTestId('rg-amount').fill('250.00');
  await page.getByTestId('rg-limit-reason').fill('Affordability review after a call');
  await page.getByTestId('rg-limit-submit').click();

  const limits = page.getByTestId('rg-limits');
  await expect(limits.getByRole('row', { name: /Deposit 7 days 250\.00 USD/ })).toBeVisible();
  const history = page.getByTestId('rg-history');
  const row = history.getByRole('row').filter({ hasText: 'Affordability review after a call' });
  await expect(row).toContainText('risk-');
  await expect(row).toContainText('Limit set');
  await expect(row).toContainText('Deposit · 7 days · 250.00 USD');

  // Staff never raise: the server's 409, said clearly.
  await page.getByTestId('rg-amount').fill('900.00');
  await page.getByTestId('rg-limit-reason').fill('Player asked for more');
  await page.getByTestId('rg-limit-submit').click();
  await expect(page.getByTestId('rg-refusal')).toHaveText(
    'Not allowed: staff can add or lower a limit, or add a time-out or exclusion, but never raise or lift what is in force.',
  );
  await expect(limits.getByRole('row', { name: /Deposit 7 days 250\.00 USD/ })).toBeVisible();
  await picture(page, 'player-rg-risk-dark-en', { fullPage: true });
}
