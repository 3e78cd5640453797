import { expect, test, type Frame, type Page } from '@playwright/test';
import { picture } from './support/pictures';
import { TABLE_GAMES } from './support/studio-games';

/**
 * Issue 25: on a phone the roulette table was cramped ("Красное" cut to "Красно", the spin
 * button below the fold). Every studio game type, opened in the lobby's game frame on a
 * 390 × 844 screen in either language, fits the frame: nothing to scroll either way, no
 * label cut, and the main action in view (in a blackjack or mines round, the round's moves
 * too). One Pragmatic title of each type (the studio's catalog is deterministic). Pictures
 * for a person: `npm run pictures` (support/pictures.ts).
 */
const GAMES = [['slot', 'vs10zolotayarybka'], ...TABLE_GAMES] as const;

interface Fit {
  viewport: [number, number];
  page: [number, number];
  /** Buttons, labels and readouts whose text does not fit their box. */
  cut: string[];
}

function fitOf(frame: Frame): Promise<Fit> {
  return frame.evaluate(() => {
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const cut = [...document.querySelectorAll('button, .label, output, h1, select, .footer')]
      .filter((el) => visible(el) && !el.closest('dialog'))
      .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
      .map((el) => `${el.tagName.toLowerCase()}#${el.id}: ${el.textContent?.trim() ?? ''}`);
    const root = document.documentElement;
    return {
      viewport: [window.innerWidth, window.innerHeight] as [number, number],
      page: [root.scrollWidth, root.scrollHeight] as [number, number],
      cut,
    };
  });
}

/** The element is wholly inside the frame's viewport, as it first shows (no scrolling). */
async function inView(frame: Frame, selector: string): Promise<boolean> {
  return frame.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return false;
    const box = el.getBoundingClientRect();
    return (
      box.width > 0 &&
      box.top >= 0 &&
      box.left >= 0 &&
      box.bottom <= window.innerHeight &&
      box.right <= window.innerWidth
    );
  }, selector);
}

async function openGame(page: Page, gameId: string): Promise<Frame> {
  await page.goto(`/play/pragmatic/${gameId}`);
  await expect(page.frameLocator('[data-testid="play-frame"]').locator('#balance')).toHaveText(
    /\d/,
  );
  const frame = page.frames().find((f) => /\/studios\/pragmatic\/game\//.test(f.url()));
  if (!frame) throw new Error('no game frame');
  return frame;
}

async function expectFits(frame: Frame, what: string): Promise<void> {
  const fit = await fitOf(frame);
  expect(fit.cut, `${what}: cut labels`).toEqual([]);
  expect(fit.page[0], `${what}: page width`).toBeLessThanOrEqual(fit.viewport[0]);
  expect(fit.page[1], `${what}: page height`).toBeLessThanOrEqual(fit.viewport[1]);
}

for (const lang of ['en', 'ru'] as const) {
  test(`every studio game fits a 390 × 844 phone, ${lang}`, async ({ browser }) => {
    // Eight games (and a round of two) one after another: on a busy machine that takes minutes.
    test.setTimeout(300_000);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
    const page = await context.newPage();

    for (const [type, gameId] of GAMES) {
      const frame = await openGame(page, gameId);
      await expectFits(frame, type);
      const main = type === 'slot' ? '#spin' : '#go';
      expect(await inView(frame, main), `${type}: main action in view`).toBe(true);
      await picture(page, `phone-${type}-${lang}`);

      if (type === 'roulette') {
        // The outside bets read whole: Red and Black in the player's language.
        const red = frame.locator('.rl-board .out2.red');
        await expect(red).toHaveText(lang === 'ru' ? 'Красное' : 'Red');
      }
      if (type === 'blackjack') {
        // Deal a hand: its cards and the moves stay on the screen with the Deal button.
        await frame.locator('#go').click();
        await expect(frame.locator('#dealer .card').first()).toBeVisible();
        await expectFits(frame, 'blackjack, dealt');
        expect(await inView(frame, '#moves')).toBe(true);
        expect(await inView(frame, '#go')).toBe(true);
        await picture(page, `phone-blackjack-dealt-${lang}`);
        // With an ace up, the dealer offers insurance: its question and buttons show above the
        // moves (shown here whatever was dealt: the layout of that state, not the luck).
        await frame.evaluate(() => {
          const insurance = document.getElementById('insurance');
          if (insurance) insurance.hidden = false;
        });
        await expectFits(frame, 'blackjack, insurance offered');
        expect(await inView(frame, '#go')).toBe(true);
      }
      if (type === 'mines') {
        // In a round, Cash out is in view beside Bet.
        await frame.locator('#go').click();
        await expect(frame.locator('.tile').first()).toBeEnabled();
        expect(await inView(frame, '#cash')).toBe(true);
        await frame.locator('.tile[data-tile="0"]').click();
        await expectFits(frame, 'mines, in a round');
        // The revealed tile may have been a mine, which ends the round and disables Cash out:
        // a click would then wait for it until the test's five minutes ran out (seen in CI).
        const cash = frame.locator('#cash');
        if (await cash.isEnabled()) await cash.click({ timeout: 5_000 }).catch(() => undefined);
      }
    }
    await context.close();
  });
}
