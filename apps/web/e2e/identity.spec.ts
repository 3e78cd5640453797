import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { newPlayer, registerThroughApi, useEnglish } from './support/accounts';
import { operatorVerifies, pdfDocument, pngDocument, userIdOf } from './support/identity';
import { picture, picturesFolder } from './support/pictures';

/**
 * The identity check (decision 052) and the player's data (decision 053) in the browser: the
 * cashier says a withdrawal needs a verified identity before the form, the player sends both
 * documents, the operator verifies them through the API and the notice is gone; the profile's
 * data export downloads a JSON file.
 */
test.describe('identity check and data export', () => {
  test.beforeEach(async ({ page }) => {
    await useEnglish(page);
  });

  test('documents sent, verified by the operator: the cashier notice goes; the data downloads', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const player = newPlayer('k');
    await registerThroughApi(page, player);

    // The cashier says so before the form, with the way to the verification page.
    await page.goto('/profile/balance/widthdrawall');
    const notice = page.getByTestId('withdrawal-identity-notice');
    await expect(notice).toContainText('Your first withdrawal needs a verified identity.');
    await picture(page, 'withdrawal-notice');
    await page.getByTestId('withdrawal-identity-link').click();
    await expect(page).toHaveURL(/\/profile\/verification$/);
    await expect(page.getByTestId('identity-status')).toHaveText('Not started');

    // A file that lies about its type is refused here, before anything is sent.
    await page.getByTestId('identity-file-identity').setInputFiles({
      name: 'passport.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('<html>not a photo</html>'),
    });
    await expect(page.getByTestId('identity-error-identity')).toHaveText(
      'This file is not a JPEG, PNG or PDF.',
    );

    await page.getByTestId('identity-file-identity').setInputFiles({
      name: 'passport.png',
      mimeType: 'image/png',
      buffer: pngDocument(),
    });
    await expect(page.getByTestId('identity-document-identity')).toContainText('Sent');
    await page.getByTestId('identity-file-address').setInputFiles({
      name: 'bill.pdf',
      mimeType: 'application/pdf',
      buffer: pdfDocument,
    });
    await expect(page.getByTestId('identity-status')).toHaveText('Under review');
    await shootEveryLook(browser, page, 'verification-pending');

    await page.goto('/profile/balance/widthdrawall');
    await expect(notice).toContainText('under review');

    await operatorVerifies(page, await userIdOf(page));
    await page.goto('/profile/verification');
    await expect(page.getByTestId('identity-status')).toHaveText('Verified');
    await page.goto('/profile/balance/widthdrawall');
    await expect(page.getByTestId('crypto-withdrawal-form')).toBeVisible();
    await expect(notice).toHaveCount(0);

    // The profile: the card says verified; the data export downloads a JSON file.
    await page.goto('/profile');
    await expect(page.getByTestId('identity-card').getByTestId('identity-status')).toHaveText(
      'Verified',
    );
    const download = page.waitForEvent('download');
    await page.getByTestId('privacy-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^orbita-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await file.path()) ?? '', 'utf8')) as {
      profile: { email: string; username: string };
      identity: { status: string; documents: unknown[] };
    };
    expect(data.profile).toMatchObject({ email: player.email, username: player.username });
    expect(data.identity).toMatchObject({ status: 'verified' });
    expect(data.identity.documents).toHaveLength(2);

    // The closure dialog: the password, then the account is gone and the player signed out.
    await page.getByTestId('privacy-close').click();
    await page.getByTestId('close-password').fill(player.password);
    await picture(page, 'close-dialog');
    await page.getByTestId('close-confirm').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('register-button')).toBeVisible();
  });
});

/** Pictures of the page in both themes and languages, phone and wide (for review). */
async function shootEveryLook(browser: Browser, page: Page, name: string) {
  if (!picturesFolder) return;
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  // Each theme and language once, on a phone and on a wide screen.
  for (const [viewport, theme, lang] of [
    [{ name: 'phone', width: 390, height: 844 }, 'dark', 'en'],
    [{ name: 'phone', width: 390, height: 844 }, 'light', 'ru'],
    [{ name: 'wide', width: 1440, height: 900 }, 'light', 'en'],
    [{ name: 'wide', width: 1440, height: 900 }, 'dark', 'ru'],
  ] as const) {
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
    });
    await context.addInitScript(
      ([t, th, l]) => {
        localStorage.setItem('token', t ?? '');
        localStorage.setItem('theme', th ?? 'light');
        localStorage.setItem('lang', l ?? 'en');
      },
      [token, theme, lang],
    );
    const look = await context.newPage();
    await look.goto('/profile/verification');
    await expect(look.getByTestId('identity-status')).toBeVisible();
    await picture(look, `${name}-${viewport.name}-${theme}-${lang}`, { fullPage: true });
    await context.close();
  }
}
