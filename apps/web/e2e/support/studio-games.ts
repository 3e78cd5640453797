import { expect, type Page } from '@playwright/test';

/**
 * Titles of the studios' table and instant games (each is named after its game): every other
 * studio title is a slot, the one game with a spin button (decision 041).
 */
export const NOT_A_SLOT = /Roulette|Blackjack|Baccarat|Crash|Mines|Plinko|Keno/;

/**
 * One Pragmatic title of each table and instant game type (the studio's catalog is generated
 * deterministically, so the ids are stable).
 */
export const TABLE_GAMES: readonly [type: string, gameId: string][] = [
  ['roulette', 'tblglitterroulette'],
  ['blackjack', 'tblbubblyblackjack'],
  ['baccarat', 'tblglitterbaccarat'],
  ['crash', 'inxpopcorncrash'],
  ['mines', 'inxpinwheelmines'],
  ['plinko', 'inxtoucanplinko'],
  ['keno', 'inxflamingokeno'],
];

/** The spin button of the slot open in the game page's frame. */
export const spinButton = (page: Page) =>
  page.frameLocator('[data-testid="play-frame"]').locator('#spin');

/**
 * One round of the slot open in the game page: a spin the studio answered with ok. On a busy
 * machine a click can land before the game listens (it sends nothing: clicked again), and the
 * button can be disabled and enabled again before a check looks, so the round is known by the
 * studio's answer, not by the button's state. Ends with the button usable again.
 */
export async function spinOnce(page: Page) {
  const spin = spinButton(page);
  await expect(async () => {
    await expect(spin).toBeEnabled({ timeout: 15_000 });
    const answered = page.waitForResponse((r) => r.url().endsWith('/spin'), { timeout: 30_000 });
    await spin.click();
    const answer = (await (await answered).json()) as { ok: boolean };
    expect(answer.ok).toBe(true);
  }).toPass({ timeout: 90_000 });
  await expect(spin).toBeEnabled({ timeout: 15_000 });
}

/** `rounds` rounds of the slot open in the game page, one after another. */
export async function spinRounds(page: Page, rounds: number) {
  for (let round = 1; round <= rounds; round++) await spinOnce(page);
}
