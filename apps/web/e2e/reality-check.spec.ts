import { randomUUID } from 'node:crypto';
import process from 'node:process';
import { expect, test, type Page } from '@playwright/test';
import { newPlayer, registerThroughApi, useEnglish } from './support/accounts';
import { picture } from './support/pictures';

/**
 * Issue 29: a player who chose a reality check every 15 minutes plays a studio game, and over
 * the game's frame the dialog appears when 15 minutes since sign-in are over, with the time
 * played and the session's net result; "keep playing" closes it until the next one, "see my
 * history" opens the statement, "stop" ends the game session (the studio's next bet is
 * refused). The browser's clock is Playwright's (installed before the first page), moved
 * forward instead of waited for: the app's own timer code runs, against the sign-in time the
 * server gives. The game page's session clock is on screen.
 */
const operatorToken = process.env.E2E_OPERATOR_API_TOKEN ?? '';
const roulette = '/play/pragmatic/tblglitterroulette';
const minute = 60_000;

async function bearer(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return { Authorization: `Bearer ${token ?? ''}` };
}

/** The balance the server holds, in cents. */
async function serverCents(page: Page): Promise<number> {
  const response = await page.request.get('/api/user/me', { headers: await bearer(page) });
  return Math.round(Number(((await response.json()) as { balance: string }).balance) * 100);
}

/** Opens the roulette and plays one round on red; returns the frame's address. */
async function playRound(page: Page): Promise<string> {
  await page.goto(roulette);
  await expect(page.getByTestId('play-mode')).toHaveAttribute('data-mode', 'real');
  const game = page.frameLocator('[data-testid="play-frame"]');
  await expect(game.locator('#balance')).toHaveText(/\d/);
  await game.getByRole('button', { name: 'Red', exact: true }).click();
  await game.locator('#go').click();
  await expect(game.locator('#go')).toBeEnabled({ timeout: 15_000 });
  const frame = page.frames().find((f) => /\/studios\/pragmatic\/game\//.test(f.url()));
  return frame?.url() ?? '';
}

/** Moves the page's clock to `ms` before the next check is due (from the server's sign-in). */
async function nearNextCheck(page: Page, due: number, ms: number) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.fastForward(Math.max(0, due - now - ms));
}

test('the reality check appears on time over a game, and its buttons do what they say', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await useEnglish(page);
  await page.clock.install();
  const player = newPlayer('rc');
  await registerThroughApi(page, player);
  const funded = await page.request.post('/api/operator/wallet/adjustments', {
    headers: { Authorization: `Bearer ${operatorToken}` },
    data: {
      user: player.username,
      amount: '50.00',
      reason: 'e2e',
      idempotencyKey: `e2e-${randomUUID()}`,
    },
  });
  expect(funded.status()).toBe(200);

  // The player's choice, on the limits page.
  await page.goto('/profile/responsible-gaming');
  await page.getByTestId('rg-reality-check').selectOption('15');
  await expect(page.getByText('Saved.')).toBeVisible();
  const session = await page.request.get('/api/responsible-gaming/session', {
    headers: await bearer(page),
  });
  const { started_at: startedAt, reality_check_minutes: interval } = (await session.json()) as {
    started_at: string;
    reality_check_minutes: number;
  };
  expect(interval).toBe(15);
  const signedIn = new Date(startedAt).getTime();

  const frameUrl = await playRound(page);
  const clock = page.getByTestId('session-clock');
  await expect(clock).toBeVisible();
  await expect(clock).toContainText(/Session time: 0:0\d:\d\d/);
  const net = (await serverCents(page)) - 5_000;
  const result = `${net < 0 ? '−' : net > 0 ? '+' : ''}$${(Math.abs(net) / 100).toFixed(2)}`;

  // Not before 15 minutes since sign-in; then over the game's frame.
  const dialog = page.getByRole('dialog', { name: 'Reality check' });
  await nearNextCheck(page, signedIn + 15 * minute, 2_000);
  await expect(dialog).toHaveCount(0);
  await page.clock.fastForward(2_000);
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('play-frame')).toBeVisible();
  await expect(dialog.getByTestId('reality-check-played')).toHaveText(
    /^You have been playing for 1[56] minutes\.$/,
  );
  await expect(dialog.getByTestId('reality-check-result')).toHaveText(
    `Your result in this session: ${result}`,
  );
  // The clock counts from when the game was opened, a little after sign-in.
  await expect(clock).toContainText(/Session time: 0:1[45]:\d\d/);
  await picture(page, 'over-the-game');

  // Keep playing: closed, and back when the next 15 minutes are over.
  await dialog.getByRole('button', { name: 'Keep playing' }).click();
  await expect(dialog).toHaveCount(0);
  await page.clock.fastForward(15 * minute - 2_000);
  await expect(dialog).toHaveCount(0);
  await page.clock.fastForward(2_000);
  await expect(dialog).toBeVisible();

  // See my history: the statement.
  await dialog.getByRole('button', { name: 'See my history' }).click();
  await expect(page).toHaveURL(/\/profile\/balance$/);
  await expect(dialog).toHaveCount(0);

  // Stop: the game session ends; the studio's next bet is refused and nothing moves.
  const frameOfStop = await playRound(page);
  await page.clock.fastForward(15 * minute);
  await expect(dialog).toBeVisible();
  const before = await serverCents(page);
  await dialog.getByRole('button', { name: 'Stop playing' }).click();
  await expect(page).toHaveURL(/\/$/);
  for (const url of [frameUrl, frameOfStop]) {
    await page.goto(url);
    await page.getByRole('button', { name: 'Red', exact: true }).click();
    await page.locator('#go').click();
    await expect(
      page.getByText('Your game session has expired. Return to the lobby and open the game again.'),
    ).toBeVisible();
  }
  expect(await serverCents(page)).toBe(before);
});
