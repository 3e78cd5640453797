import { randomUUID } from 'node:crypto';
import process from 'node:process';
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { newPlayer, registerThroughApi, useEnglish } from './support/accounts';
import { TABLE_GAMES } from './support/studio-games';

/**
 * Issue 13: every studio game type plays for real in the game frame, and the server's ledger
 * moves by exactly what the game staked and paid. One Pragmatic title of each type (the
 * studio's catalog is generated deterministically, so the ids are stable).
 */
const GAMES = TABLE_GAMES;

const operatorToken = process.env.E2E_OPERATOR_API_TOKEN ?? '';

/** The balance the server holds, in thousandths (the game frame shows the same unit). */
async function serverMilli(page: Page): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get('/api/user/me', {
    headers: { Authorization: `Bearer ${token ?? ''}` },
  });
  const { balance } = (await response.json()) as { balance: string };
  return Math.round(Number(balance) * 1000);
}

/** Plays one round of the game in the frame with the keyboard and the mouse. */
async function playRound(game: FrameLocator, type: string): Promise<void> {
  switch (type) {
    case 'roulette':
      await game.getByRole('button', { name: 'Red', exact: true }).click();
      await game.locator('#go').click();
      break;
    case 'blackjack':
      await game.locator('#go').click();
      // The deal has gone out when the player's turn opens, or, when the cards dealt a natural
      // 21 and the round ended at once (Deal is enabled again), when it is on the studio's record.
      await expect
        .poll(
          async () =>
            (await game.locator('#stand').isEnabled()) ||
            (await game.locator('body').evaluate(() =>
              fetch(`${location.pathname}/fair`)
                .then((response) => response.json())
                .then((body: { rounds: unknown[] }) => body.rounds.length > 0),
            )),
          { timeout: 7000 },
        )
        .toBe(true);
      // Stand (S) until the round is over; decline insurance if offered.
      for (let i = 0; i < 6; i++) {
        if (await game.locator('#insurance').isVisible()) await game.locator('#insNo').click();
        if (await game.locator('#go').isEnabled()) break;
        if (await game.locator('#stand').isEnabled()) await game.locator('#stand').press('s');
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      break;
    case 'baccarat':
      await game.locator('#bet-banker').click();
      await game.locator('#go').click();
      break;
    case 'crash':
      await game.locator('#auto').fill('1.01');
      await game.locator('#go').click();
      break;
    case 'mines':
      await game.locator('#go').click();
      await game.locator('.tile[data-tile="12"]').click();
      // The reveal's answer either ends the round (a mine: Start is enabled again) or opens the
      // cash-out (a safe tile). Wait for it: read at once, the cash-out is still disabled while
      // the reveal is in flight, and the round would be left open.
      await expect(game.locator('#go:enabled, #cash:enabled')).toHaveCount(1);
      if (await game.locator('#cash').isEnabled()) await game.locator('#cash').click();
      break;
    case 'plinko':
      await game.locator('#go').click();
      break;
    case 'keno':
      for (const n of [4, 8, 15, 16, 23]) await game.locator(`.knum[data-n="${n}"]`).click();
      await game.locator('#go').click();
      break;
  }
  await expect(game.locator('#go')).toBeEnabled({ timeout: 15_000 });
}

test.describe('studio games for real', () => {
  test.beforeEach(async ({ page }) => {
    await useEnglish(page);
  });

  test('a funded player plays one round of every game type and the ledger follows', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const player = newPlayer('g');
    await registerThroughApi(page, player);
    const funded = await page.request.post('/api/operator/wallet/adjustments', {
      headers: { Authorization: `Bearer ${operatorToken}` },
      data: {
        user: player.username,
        amount: '100.00',
        reason: 'e2e',
        idempotencyKey: `e2e-${randomUUID()}`,
      },
    });
    expect(funded.status()).toBe(200);
    let expected = 100_000;
    for (const [type, gameId] of GAMES) {
      await page.goto(`/play/pragmatic/${gameId}`);
      await expect(page.getByTestId('play-mode')).toHaveAttribute('data-mode', 'real');
      const game = page.frameLocator('[data-testid="play-frame"]');
      await expect(game.locator('#balance')).toHaveText(/\d/);
      await playRound(game, type);
      // The round as the studio recorded it (the page's provably fair panel reads the same).
      const frame = page.frames().find((f) => /\/studios\/pragmatic\/game\//.test(f.url()))!;
      const fair = (await frame.evaluate(() =>
        fetch(`${location.pathname}/fair`).then((r) => r.json()),
      )) as {
        rounds: {
          game: string;
          outcome: Record<string, unknown>;
          params: Record<string, unknown>;
        }[];
      };
      const round = fair.rounds[0]!;
      expect(round.game).toBe(type);
      const win = round.outcome['win'] as number;
      const stakes = round.params['stakes'];
      const staked =
        typeof round.outcome['staked'] === 'number'
          ? round.outcome['staked']
          : typeof round.params['bet'] === 'number'
            ? round.params['bet']
            : Array.isArray(stakes)
              ? (stakes as { amount: number }[]).reduce((sum, s) => sum + s.amount, 0)
              : Object.values(stakes as Record<string, number>).reduce((sum, v) => sum + v, 0);
      expect(staked, type).toBeGreaterThan(0);
      // The ledger moved by exactly the round: its stakes out, its win in.
      await expect.poll(() => serverMilli(page), { message: type }).toBe(expected - staked + win);
      const after = expected - staked + win;
      // And the game shows what the server holds.
      await expect(game.locator('#balance')).toHaveText(
        new RegExp((after / 1000).toFixed(2).replace('.', '[.,]')),
      );
      expected = after;
    }
  });
});
