import { expect, test, type Page } from '@playwright/test';

/** The document's scroll is locked when the root or the body hides its overflow. */
async function scrollLocked(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const hidden = (el: Element) => getComputedStyle(el).overflowY === 'hidden';
    return hidden(document.documentElement) || hidden(document.body);
  });
}

test.describe('app shell', () => {
  test('the theme toggle flips the root class and survives a reload', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    const before = (await html.getAttribute('class'))?.includes('dark') ? 'dark' : 'light';
    const after = before === 'dark' ? 'light' : 'dark';

    await page.getByTestId('theme-toggle').first().click();
    await expect(html).toHaveClass(new RegExp(`\\b${after}\\b`));
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe(after);

    await page.reload();
    await expect(html).toHaveClass(new RegExp(`\\b${after}\\b`));
  });

  test('a theme change in one tab reaches the other tabs', async ({ context }) => {
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto('/');
    await second.goto('/');
    const before = (await second.locator('html').getAttribute('class')) ?? '';
    const after = before.includes('dark') ? 'light' : 'dark';
    await first.getByTestId('theme-toggle').first().click();
    await expect(second.locator('html')).toHaveClass(new RegExp(`\\b${after}\\b`));
  });

  test('the system preference decides the first theme', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    await context.close();

    const dark = await browser.newContext({ colorScheme: 'dark' });
    const darkPage = await dark.newPage();
    await darkPage.goto('/');
    await expect(darkPage.locator('html')).toHaveClass(/\bdark\b/);
    await dark.close();
  });

  test('Russian is the default; switching to English changes texts and persists', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    const loginButton = page.getByTestId('login-button');
    const russianLabel = (await loginButton.innerText()).trim();

    await page.getByTestId('language-select').first().click();
    await page.getByRole('option', { name: /English/ }).click();

    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(loginButton).not.toHaveText(russianLabel);
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('login-button')).not.toHaveText(russianLabel);
  });

  test('a guest opening a profile page lands on the home page', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/profile/balance/credit');
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown route shows the 404 page with a way home', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    // Outside the route table the server answers 404 with the app, which renders its page.
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await page.getByTestId('not-found').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the active navigation link follows the path', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/casino');
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar.locator('a[aria-current="page"]').first()).toHaveAttribute(
      'href',
      '/casino',
    );
  });

  test('the login modal opens, keeps focus inside and closes with Escape', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('login-button').click();
    const modal = page.getByTestId('modal');
    await expect(modal).toBeVisible();
    expect(await scrollLocked(page)).toBe(true);
    // The form inside is loaded lazily; tab through it once it is there.
    await expect(page.getByTestId('login-email')).toBeVisible();
    for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
    expect(await modal.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    expect(await scrollLocked(page)).toBe(false);
  });

  test('the chat panel toggles', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const panel = page.getByTestId('chat-panel');
    await page.getByTestId('chat-toggle').click();
    await expect(panel).toBeInViewport();
    await page.getByTestId('chat-toggle').click();
    await expect(panel).not.toBeInViewport();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the burger opens the sidebar, scrolling locks, and a click closes it', async ({ page }) => {
    await page.goto('/');
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).not.toBeInViewport();
    expect(await scrollLocked(page)).toBe(false);

    await page.getByTestId('burger').click();
    await expect(sidebar).toBeInViewport();
    expect(await scrollLocked(page)).toBe(true);

    await sidebar.click({ position: { x: 130, y: 400 } });
    await expect(sidebar).not.toBeInViewport();
    expect(await scrollLocked(page)).toBe(false);
  });

  test('the close button closes the sidebar', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('burger').click();
    await expect(page.getByTestId('sidebar')).toBeInViewport();
    await page.getByTestId('sidebar-close').click();
    await expect(page.getByTestId('sidebar')).not.toBeInViewport();
  });
});

// Decision 057: the server writes the saved theme and language into the page, and the home
// page paints its first banner before any script runs, exactly where the carousel comes.
test.describe('the page before its code runs', () => {
  test('comes in the saved theme and language, and without a saved theme follows the system', async ({
    browser,
    baseURL,
  }) => {
    // A player who chose them: the app copies the choice into cookies.
    const chosen = await browser.newContext({ colorScheme: 'dark' });
    const page = await chosen.newPage();
    await page.goto('/');
    await page.getByTestId('theme-toggle').first().click();
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    await page.getByTestId('language-select').first().click();
    await page.getByRole('option', { name: /English/ }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const cookies = await chosen.cookies();
    await chosen.close();

    // The same player's next visit, as the server sends it: no script runs here.
    const noScript = await browser.newContext({ javaScriptEnabled: false, colorScheme: 'dark' });
    await noScript.addCookies(cookies.filter(({ name }) => name === 'theme' || name === 'lang'));
    const next = await noScript.newPage();
    await next.goto(`${baseURL}/casino`);
    await expect(next.locator('html')).toHaveClass(/\blight\b/);
    await expect(next.locator('html')).toHaveAttribute('lang', 'en');
    await noScript.close();

    // Nothing saved: no class, and the tokens follow the system's scheme.
    for (const scheme of ['light', 'dark'] as const) {
      const fresh = await browser.newContext({ javaScriptEnabled: false, colorScheme: scheme });
      const first = await fresh.newPage();
      await first.goto(`${baseURL}/`);
      expect(await first.locator('html').getAttribute('class')).toBeNull();
      const background = await first.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--bg').trim(),
      );
      expect(background).toBe(scheme === 'light' ? '#f4f5fa' : '#0e1020');
      await fresh.close();
    }
  });

  test('the home page paints its first banner at the carousel’s place, at every width', async ({
    browser,
    baseURL,
  }) => {
    // Two pages laid out again at nine widths: on a loaded machine that took 33 s of the
    // default 30 (CI, load 12; 14 s on its retry). Nothing here is about speed.
    test.setTimeout(90_000);
    // The page as the server sends it (no script runs) and the page once the app runs.
    const before = await browser.newContext({ javaScriptEnabled: false });
    const after = await browser.newContext();
    const boot = await before.newPage();
    const app = await after.newPage();
    await boot.goto(`${baseURL}/`);
    await app.goto(`${baseURL}/`);
    // The boot banner's picture is in the page itself: painted without a download.
    expect(
      await boot.locator('.boot-slide img').evaluate((img) => (img as HTMLImageElement).currentSrc),
    ).toMatch(/^data:image\/svg\+xml,/);
    const box = async (page: typeof boot, selector: string) => {
      const found = await page.locator(selector).boundingBox();
      return found && Object.values(found).map((value) => Math.round(value * 10) / 10);
    };
    for (const width of [360, 412, 768, 769, 1024, 1279, 1280, 1440, 1920]) {
      await boot.setViewportSize({ width, height: 900 });
      await app.setViewportSize({ width, height: 900 });
      const carousel = app.getByTestId('banner-carousel');
      await expect(carousel).toBeVisible();
      expect(await box(boot, '.boot-banner'), `at ${width} px`).toEqual(
        await box(app, '[data-testid="banner-carousel"]'),
      );
    }
    // Once the carousel's own picture is there, the copy is gone.
    await expect(app.locator('#boot-home')).toHaveCount(0);
    await before.close();
    await after.close();
  });

  test('other pages do not carry the home page’s banner', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of ['/casino', '/pragmatic', '/nope']) {
      await page.goto(`${baseURL}${path}`);
      await expect(page.locator('.boot-home')).toHaveCount(0);
    }
    await context.close();
  });
});
