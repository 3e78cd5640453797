import { expect, test, type Page } from '@playwright/test';
import { newPlayer, registerThroughApi, useEnglish } from './support/accounts';

/**
 * The built app under the server's Content-Security-Policy (decision 049): the pages, the
 * game frame and the card sandbox's 3-D Secure page work, and the browser reports no
 * violation anywhere (the lobby, a studio's game page inside the frame, the payment pages).
 */

/** Every CSP refusal the browser reports, in any frame: console errors and violation events. */
function recordViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  // Init scripts run through the debugging protocol, outside the page's CSP.
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  return violations;
}

test.describe('security headers in the browser', () => {
  test.beforeEach(async ({ page }) => {
    await useEnglish(page);
  });

  test('the lobby, the saved theme and a game in its frame run without a CSP violation', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const violations = recordViolations(page);

    const home = await page.goto('/');
    const csp = home?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(home?.headers()['x-content-type-options']).toBe('nosniff');

    // The theme script (a file now, not inline) still applies the saved theme before paint.
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.goto('/casino');
    await expect(page.getByTestId('game-tile').first()).toBeVisible();

    // A demo game of the simulated studio in the game frame (its own page, its own policy).
    await page.goto('/pragmatic');
    await page.getByTestId('provider-games-pragmatic').getByTestId('game-tile').first().click();
    await page.getByTestId('play-demo').click();
    await expect(page).toHaveURL(/\/play\/pragmatic\//);
    const game = page.frameLocator('[data-testid="play-frame"]');
    await expect(game.locator('body')).toContainText(/demo/i, { timeout: 15_000 });

    expect(violations).toEqual([]);
  });

  test('a card deposit through the sandbox 3-D Secure page runs without a CSP violation', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await registerThroughApi(page, newPlayer('h'));
    const violations = recordViolations(page);

    await page.goto('/profile/balance/credit');
    await page.getByTestId('card-sum').fill('25');
    await page.getByTestId('card-name').fill('Ivan Petrov');
    await page.getByTestId('card-card').pressSequentially('4000002500003155');
    await page.getByTestId('card-expiry').pressSequentially('1234');
    await page.getByTestId('card-cvv').fill('123');
    await page.getByTestId('card-submit').click();
    await expect(page.getByTestId('card-pay-form')).toBeVisible();
    await page.getByTestId('pay-phone').pressSequentially('+375291234567');
    await page.getByTestId('pay-phone').blur();
    await page.getByTestId('pay-submit').click();
    await page.locator('#complete').click();
    await expect(page.getByTestId('payment-status')).toContainText('$25.00 added to your balance', {
      timeout: 15_000,
    });

    expect(violations).toEqual([]);
  });
});
