import { createHmac } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { newPlayer, registerThroughApi, useEnglish } from './support/accounts';
import { describeFindings, seriousFindings } from './support/axe';
import { verifyIdentityThroughApi } from './support/identity';
import { picture } from './support/pictures';

/**
 * Two-factor sign-in in the browser (issue 15, docs/decisions/051): turned on in the profile
 * with a code computed here from the key the page shows (RFC 6238 by hand, independently of
 * the server's library), then sign out and sign in again with the second step.
 */

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '')) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

/** RFC 6238 TOTP: HMAC-SHA1, 30-second steps, 6 digits. */
function totp(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}

/** axe's serious and critical findings, one line each. */
async function seriousAxeFindings(page: Page): Promise<string[]> {
  return describeFindings(await seriousFindings(page));
}

test.describe('two-factor sign-in', () => {
  test('turn it on in the profile, sign out, sign in with the code', async ({ page }) => {
    test.setTimeout(90_000);
    await useEnglish(page);
    const player = newPlayer('tf');
    await registerThroughApi(page, player);

    await page.goto('/profile');
    const card = page.getByTestId('two-factor-card');
    await expect(card.getByTestId('two-factor-status')).toHaveText('Off');
    await card.getByTestId('two-factor-enable').click();
    await expect(card.getByTestId('two-factor-qr')).toBeVisible();
    const secret = (await card.getByTestId('two-factor-secret').getAttribute('data-secret')) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect(card.getByTestId('two-factor-secret')).toHaveText(
      secret.replace(/(.{4})/g, '$1 ').trim(),
    );
    expect(await seriousAxeFindings(page)).toEqual([]);
    await picture(card, 'two-factor-setup');

    // A wrong code is refused under the field; the right one turns it on.
    await card.getByTestId('two-factor-confirm-code').fill('000000');
    await card.getByTestId('two-factor-confirm').click();
    await expect(card.getByText('Wrong or already used code')).toBeVisible();
    await expect(card.getByTestId('two-factor-confirm-code')).toHaveValue('');
    const enrolledAt = Date.now();
    await card.getByTestId('two-factor-confirm-code').fill(totp(secret, enrolledAt));
    await card.getByTestId('two-factor-confirm').click();

    const codes = card.getByTestId('two-factor-recovery-code');
    await expect(codes).toHaveCount(10);
    await expect(codes.first()).toHaveText(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const download = page.waitForEvent('download');
    await card.getByTestId('two-factor-download-codes').click();
    expect((await download).suggestedFilename()).toBe('orbita-recovery-codes.txt');
    await picture(card, 'two-factor-codes');
    await card.getByTestId('two-factor-codes-done').click();
    await expect(card.getByTestId('two-factor-status')).toHaveText('On');
    await expect(card.getByTestId('two-factor-codes-left')).toHaveText('Recovery codes left: 10');

    // The e-mail change now asks for a code.
    await page.getByTestId('settings-email').fill(`new.${player.email}`);
    await expect(page.getByTestId('settings-two-factor-code')).toBeVisible();

    await page.getByTestId('logout-button').click();
    await expect(page.getByTestId('login-button')).toBeVisible();
    await page.getByTestId('login-button').click();
    await page.getByTestId('login-email').fill(player.email);
    await page.getByTestId('login-password').fill(player.password);
    await page.getByTestId('login-submit').click();

    // The password was right: the second step, no session yet.
    const dialog = page.getByRole('dialog', { name: 'Two-factor sign-in' });
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('header-username')).toHaveCount(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await picture(dialog, 'two-factor-login');

    // The switch to a recovery code and back, by keyboard.
    await page.getByTestId('two-factor-switch').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('two-factor-recovery')).toBeFocused();
    await page.getByTestId('two-factor-switch').click();
    await expect(page.getByTestId('two-factor-code')).toBeVisible();

    await page.getByTestId('two-factor-code').fill('000000');
    await page.getByTestId('two-factor-submit').click();
    await expect(dialog.getByText('Wrong or already used code')).toBeVisible();

    // The step after the one used to enrol: a code is accepted once, and one step either side.
    await page.getByTestId('two-factor-code').fill(totp(secret, enrolledAt + 30_000));
    await page.getByTestId('two-factor-submit').click();
    await expect(page.getByTestId('header-username')).toHaveText(player.username);
    await expect(dialog).toHaveCount(0);
  });

  test('Russian, dark theme, phone: the set-up, the withdrawal asks for a code', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({
      ...(baseURL ? { baseURL } : {}),
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await context.addInitScript(() => {
      window.localStorage.setItem('theme', 'dark');
      window.localStorage.setItem('lang', 'ru');
    });
    const page = await context.newPage();
    await registerThroughApi(page, newPlayer('tr'));
    await page.goto('/profile');
    const card = page.getByTestId('two-factor-card');
    await expect(card.getByRole('heading', { name: 'Двухфакторная аутентификация' })).toBeVisible();
    await card.getByTestId('two-factor-enable').click();
    await expect(card.getByTestId('two-factor-qr')).toBeVisible();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await picture(card, 'two-factor-setup-ru-dark-phone');
    const secret = (await card.getByTestId('two-factor-secret').getAttribute('data-secret')) ?? '';
    await card.getByTestId('two-factor-confirm-code').fill(totp(secret));
    await card.getByTestId('two-factor-confirm').click();
    await expect(card.getByTestId('two-factor-recovery-code')).toHaveCount(10);
    await picture(card, 'two-factor-codes-ru-dark-phone');
    await card.getByTestId('two-factor-codes-done').click();
    await expect(card.getByTestId('two-factor-status')).toHaveText('Вкл.');

    // Past the identity check that the first withdrawal needs (decision 052).
    await verifyIdentityThroughApi(page);
    await page.goto('/profile/balance/widthdrawall');
    await page.getByTestId('method-crypto').click();
    await expect(page.getByTestId('withdraw-crypto-two-factor')).toBeVisible();
    await expect(page.getByText('Код двухфакторной защиты')).toBeVisible();

    // Closing the account asks for a code too; without one the account stays open.
    await page.goto('/profile');
    await page.getByTestId('privacy-close').click();
    await page.getByTestId('close-password').fill('wrong-but-not-checked-yet');
    await expect(page.getByTestId('close-two-factor')).toBeVisible();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await picture(page, 'close-dialog-ru-dark-phone');
    await page.getByTestId('close-cancel').click();
    await expect(page.getByTestId('privacy-card')).toBeVisible();
    await context.close();
  });
});
