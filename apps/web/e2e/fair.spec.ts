import { expect, test } from '@playwright/test';
import { useEnglish } from './support/accounts';

/**
 * Issue 25: the player starts a provably fair check from a round of their history. In the
 * game's "Provably fair" panel a round whose seed is still secret offers "Reveal the seed" in
 * its place; once revealed, its "Verify" link opens the lobby's /fair filled with the round,
 * which checks it at once: "Matches the commitment and the recorded result".
 */
test('a round from the game’s panel is verified on /fair', async ({ page, context }) => {
  test.setTimeout(90_000);
  await useEnglish(page);
  await page.goto('/play/pragmatic/tblglitterroulette');
  const game = page.frameLocator('[data-testid="play-frame"]');
  await expect(game.locator('#balance')).toHaveText(/\d/);
  await game.getByRole('button', { name: 'Red', exact: true }).click();
  await game.locator('#go').click();
  await expect(game.locator('#go')).toBeEnabled({ timeout: 15_000 });

  await game.locator('#fairBtn').click();
  const round = game.locator('#fRounds li').first();
  await expect(round).toContainText('roulette · nonce 0');
  // The seed is still secret: the round offers to reveal it, not to verify.
  await expect(round.locator('a.fair-verify')).toHaveCount(0);
  await round.getByRole('button', { name: 'Reveal the seed' }).click();
  const verify = game
    .locator('#fRounds li')
    .first()
    .getByRole('link', { name: /Verify round 0/ });
  await expect(verify).toBeVisible();

  const [fair] = await Promise.all([context.waitForEvent('page'), verify.click()]);
  await fair.waitForLoadState();
  expect(new URL(fair.url()).pathname).toBe('/fair');
  await expect(fair.getByTestId('fair-from-round')).toBeVisible();
  await expect(fair.getByTestId('fair-verdict-title')).toHaveText(
    'Matches the commitment and the recorded result',
  );
  await expect(fair.getByTestId('fair-game')).toHaveValue('roulette');

  // The same round with another recorded pocket is caught, and said to be the result.
  const pocket = await fair.getByTestId('fair-result').inputValue();
  await fair.getByTestId('fair-result').fill(String((Number(pocket) + 1) % 37));
  await fair.getByTestId('fair-verify').click();
  await expect(fair.getByTestId('fair-check-result')).toHaveText(
    'The seeds do not reproduce the recorded result',
  );
  await expect(fair.getByTestId('fair-check-commitment')).toHaveText(
    'The server seed matches the commitment',
  );
});
