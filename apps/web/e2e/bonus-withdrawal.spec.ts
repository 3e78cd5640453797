import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { newPlayer, registerThroughApi, useEnglish, type Player } from './support/accounts';
import { verifyIdentityThroughApi } from './support/identity';
import { picture } from './support/pictures';

/**
 * Issue 25 (decision 062): with a $5 promo bonus active, another offer queues behind it and the
 * player's own cash can still be withdrawn, after a warning with the amounts that the player
 * confirms; the bonus ends as forfeited and the queued offer starts.
 */
const operatorToken = process.env.E2E_OPERATOR_API_TOKEN ?? '';

async function fund(page: Page, player: Player, amount: string) {
  const response = await page.request.post('/api/operator/wallet/adjustments', {
    headers: { Authorization: `Bearer ${operatorToken}` },
    data: {
      user: player.username,
      amount,
      reason: 'e2e test funds',
      idempotencyKey: `e2e-${randomUUID()}`,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('a queued offer, then a withdrawal that forfeits the bonus after the warning', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await useEnglish(page);
  const player = newPlayer('q');
  await registerThroughApi(page, player);
  await fund(page, player, '50.00');
  await verifyIdentityThroughApi(page);

  await page.goto('/profile/bonus');
  await page.getByTestId('promo-code').fill('ORBITA5');
  await page.getByTestId('promo-submit').click();
  await expect(page.getByTestId('bonus-active')).toBeVisible();
  await expect(page.getByTestId('bonus-withdrawal-rule')).toContainText(
    'Your cash ($50.00) can be withdrawn at any time',
  );
  const queue = page.getByTestId('offer-free-10-receive');
  await expect(queue).toHaveText('Queue it');
  await queue.click();
  await expect(page.getByTestId('bonus-queued')).toContainText(
    'Queued: starts when your current bonus ends',
  );
  await picture(page, 'bonus-queued-en', { fullPage: true });

  await page.goto('/profile/balance/widthdrawall');
  await expect(page.getByTestId('withdrawal-bonus-notice')).toContainText(
    'You can still withdraw your cash',
  );
  await page.getByTestId('method-crypto').click();
  await page.getByTestId('withdraw-crypto-sum').fill('20');
  await page
    .getByTestId('withdraw-crypto-address')
    .fill('0x52908400098527886E0F7030069857D2E4169EE7');
  await page.getByTestId('withdraw-crypto-submit').click();
  await expect(page.getByTestId('withdraw-crypto-forfeit-text')).toHaveText(
    'Withdrawing now forfeits $5.00 of bonus money and $0.00 won with it: $5.00 in all. Your cash is not affected.',
  );
  await picture(page, 'withdrawal-forfeit-en', { fullPage: true });
  await page.getByTestId('withdraw-crypto-forfeit-agree').check();
  await page.getByTestId('withdraw-crypto-submit').click();
  await expect(page.getByTestId('payment-status')).toContainText('is pending');

  await page.goto('/profile/bonus');
  await expect(page.getByTestId('bonus-cash')).toHaveText('$30.00');
  await expect(page.getByTestId('bonus-money')).toHaveText('$10.00');
  await expect(page.locator('[data-testid^="bonus-history-"]').first()).toContainText(
    'Ended by a withdrawal: $5.00 forfeited',
  );

  // On a phone, in Russian: the warning fits.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('lang', 'ru'));
  await page.goto('/profile/balance/widthdrawall');
  await page.getByTestId('method-crypto').click();
  await page.getByTestId('withdraw-crypto-sum').fill('20');
  await page
    .getByTestId('withdraw-crypto-address')
    .fill('0x52908400098527886E0F7030069857D2E4169EE7');
  await page.getByTestId('withdraw-crypto-submit').click();
  await expect(page.getByTestId('withdraw-crypto-forfeit-text')).toContainText('сгорят');
  await picture(page, 'withdrawal-forfeit-ru-phone', { fullPage: true });
});
