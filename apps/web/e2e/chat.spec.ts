import { expect, test, type Browser, type Page } from '@playwright/test';
import { newPlayer, registerThroughApi, useEnglish } from './support/accounts';
import { picture, picturesTag } from './support/pictures';

/** A signed-in player's page of their own (a browser context each, as two people would). */
async function playerPage(browser: Browser, prefix: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await useEnglish(page);
  await registerThroughApi(page, newPlayer(prefix));
  return page;
}

async function openChat(page: Page) {
  await page.getByTestId('chat-toggle').click();
  const panel = page.getByTestId('chat-panel');
  await expect(panel).toBeInViewport();
  await expect(panel.getByTestId('chat-status')).toHaveAttribute('data-status', 'open');
  return panel;
}

test.describe('live chat', () => {
  test('two players chat live, a guest reads and is offered to sign in, HTML stays text', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const alice = await playerPage(browser, 'ca');
    const bob = await playerPage(browser, 'cb');
    const alicePanel = await openChat(alice);
    const bobPanel = await openChat(bob);
    // The spec's panel: 320 px wide, at the right edge.
    const box = await alicePanel.boundingBox();
    expect(box?.width).toBe(320);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBe(1440);

    // Both sockets counted (other tests' readers may be online too).
    await expect(bob.getByTestId('chat-online')).toHaveText(/^\d+ online$/);
    const count = async (page: Page) =>
      Number((await page.getByTestId('chat-online').textContent())?.match(/\d+/)?.[0] ?? 0);
    await expect.poll(() => count(alice)).toBeGreaterThanOrEqual(2);

    const hello = `Hi Bob ${Date.now()}`;
    await alice.getByTestId('chat-input').fill(hello);
    await alice.keyboard.press('Enter');
    await expect(alice.getByTestId('chat-input')).toHaveValue('');
    const bobSees = bobPanel.getByTestId('chat-message').filter({ hasText: hello });
    await expect(bobSees).toBeVisible();
    await expect(bobSees.getByTestId('chat-author')).toHaveText(/^ca_/);
    await expect(bobSees.locator('time')).toHaveText(/^\d{1,2}:\d{2}( [AP]M)?$/);

    const html = `<img src=x onerror="window.pwned=1"><b>bold</b> ${Date.now()}`;
    await bob.getByTestId('chat-input').fill(html);
    await bob.getByTestId('chat-send').click();
    const aliceSees = alicePanel.getByTestId('chat-text').filter({ hasText: '<b>bold</b>' });
    await expect(aliceSees).toHaveText(html);
    await expect(alicePanel.locator('[data-testid="chat-text"] b')).toHaveCount(0);
    expect(await alice.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();

    // A guest reads the same room and is offered to sign in instead of a message box.
    const guestContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const guest = await guestContext.newPage();
    await useEnglish(guest);
    await guest.goto('/');
    const guestPanel = await openChat(guest);
    await expect(guestPanel.getByTestId('chat-text').filter({ hasText: hello })).toBeVisible();
    await expect(guestPanel.getByTestId('chat-input')).toHaveCount(0);
    await guestPanel.getByTestId('chat-guest').getByRole('button').click();
    await expect(guest.getByTestId('login-email')).toBeVisible();

    await guestContext.close();
  });

  // Pictures of the panel for a person to look at (npm run pictures; support/pictures.ts).
  test(`pictures ${picturesTag}`, async ({ browser }) => {
    test.setTimeout(400_000);
    const writer = await playerPage(browser, 'cs');
    await openChat(writer);
    for (const text of ['Good luck everyone!', 'Привет! Кто играет в Book of Orbita?']) {
      await writer.getByTestId('chat-input').fill(text);
      await writer.keyboard.press('Enter');
      await expect(writer.getByTestId('chat-input')).toHaveValue('');
    }
    const token = await writer.evaluate(() => localStorage.getItem('token'));
    for (const viewport of [
      { name: 'phone', width: 390, height: 844 },
      { name: 'desktop', width: 1440, height: 900 },
    ]) {
      for (const [theme, lang, who] of [
        ['dark', 'en', 'player'],
        ['light', 'ru', 'player'],
        ['dark', 'ru', 'guest'],
      ] as const) {
        const context = await browser.newContext({ viewport });
        await context.addInitScript(
          ([t, th, l]) => {
            if (t) localStorage.setItem('token', t);
            localStorage.setItem('theme', th ?? 'light');
            localStorage.setItem('lang', l ?? 'en');
          },
          [who === 'player' ? token : null, theme, lang],
        );
        const page = await context.newPage();
        await page.goto('/');
        await openChat(page);
        await page.waitForTimeout(400);
        await picture(page, `${viewport.name}-${theme}-${lang}-${who}`);
        await context.close();
      }
    }
  });
});
