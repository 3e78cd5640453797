import { Buffer } from 'node:buffer';
import process from 'node:process';
import { expect, test, type Page } from '@playwright/test';
import { newPlayer, registerThroughApi, registerThroughUi, useEnglish } from './support/accounts';
import { makePng } from './support/png';

/** The second server, whose access tokens live 5 seconds (playwright.config.ts). */
const shortTtlBase = process.env.E2E_SHORT_TTL_URL ?? 'http://127.0.0.1:4311';

const storedToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('token'));

/**
 * Waits until the access token the tabs share has expired as the server reads it (its `exp`,
 * whole seconds, refused from that second on), instead of a fixed sleep longer than its
 * lifetime: the token was issued some seconds before, so most of the lifetime has gone.
 */
async function untilTokenExpires(page: Page): Promise<void> {
  const token = (await storedToken(page)) ?? '';
  const { exp } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    exp: number;
  };
  expect(exp, 'the stored access token carries its expiry').toBeGreaterThan(0);
  await page.waitForFunction((at) => Date.now() >= at * 1000 + 250, exp, { polling: 100 });
}

test.describe('accounts', () => {
  test('a new player registers with the e-mailed code and manages the profile', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await useEnglish(page);
    const player = newPlayer();
    await registerThroughUi(page, player);

    // Signed in: the header shows the player and an empty balance.
    await expect(page.getByTestId('header-balance')).toHaveText('$0.00');
    await expect(page.getByTestId('login-button')).toHaveCount(0);
    // The refresh token never reaches scripts: only the access token is stored.
    expect(await storedToken(page)).toBeTruthy();
    expect(await page.evaluate(() => document.cookie)).not.toContain('refresh');

    // A reload keeps the session.
    await page.reload();
    await expect(page.getByTestId('header-username')).toHaveText(player.username);

    // The profile: a new username, checked for availability first.
    await page.getByTestId('header-profile').click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId('profile-username')).toHaveText(player.username);
    const renamed = newPlayer('r').username;
    await page.getByTestId('settings-username').fill(renamed);
    await expect(page.getByTestId('settings-username-message')).toHaveText('Username is available');
    await page.getByTestId('settings-save').click();
    await expect(page.getByTestId('header-username')).toHaveText(renamed);
    await expect(page.getByTestId('profile-username')).toHaveText(renamed);

    // A new avatar: preview, then save.
    await expect(page.getByTestId('header-avatar')).toHaveAttribute('data-avatar', 'default');
    await page.getByTestId('profile-avatar-input').setInputFiles({
      name: 'avatar.png',
      mimeType: 'image/png',
      buffer: makePng(96, 96),
    });
    await expect(page.getByTestId('profile-avatar-preview')).toBeVisible();
    await page.getByTestId('profile-avatar-submit').click();
    await expect(page.getByTestId('header-avatar')).toHaveAttribute('data-avatar', 'custom');
    const avatarUrl = await page.getByTestId('header-avatar').getAttribute('src');
    expect(avatarUrl).toBeTruthy();
    const picture = await page.request.get(new URL(avatarUrl ?? '', page.url()).href);
    expect(picture.ok()).toBe(true);
    expect(picture.headers()['content-type']).toMatch(/^image\//);

    // Log out: back to the lobby as a guest, and the session is gone.
    await page.getByTestId('logout-button').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('login-button')).toBeVisible();
    expect(await storedToken(page)).toBeNull();
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a file over 1 MB is refused before any upload', async ({ page }) => {
    test.setTimeout(60_000);
    await useEnglish(page);
    await registerThroughApi(page, newPlayer());
    await page.goto('/profile');
    let uploads = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/user/change/avatar')) uploads += 1;
    });
    await page.getByTestId('profile-avatar-input').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(1024 * 1024 + 1),
    });
    await expect(page.getByTestId('profile-avatar-error')).toHaveText(
      'File is too large. Maximum size: 1 MB.',
    );
    await expect(page.getByTestId('profile-avatar-submit')).toHaveCount(0);
    expect(uploads).toBe(0);
  });

  test('a wrong password shows the "Login is Failed" toast and keeps what was typed', async ({
    page,
  }) => {
    await useEnglish(page);
    await page.goto('/');
    await page.getByTestId('login-button').click();
    const email = newPlayer().email;
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill('certainly not the password');
    await page.getByTestId('login-submit').click();

    const toast = page.getByTestId('toast').filter({ hasText: 'Login is Failed' });
    await expect(toast).toBeVisible();
    await expect(toast).toHaveAttribute('data-status', 'error');
    await expect(page.getByTestId('login-email')).toHaveValue(email);
    expect(await storedToken(page)).toBeNull();
  });

  test('a registered player logs in again and a wrong password is refused', async ({ page }) => {
    test.setTimeout(60_000);
    await useEnglish(page);
    const player = newPlayer();
    await registerThroughApi(page, player);
    await page.goto('/profile');
    await page.getByTestId('logout-button').click();
    await expect(page.getByTestId('login-button')).toBeVisible();

    await page.getByTestId('login-button').click();
    await page.getByTestId('login-email').fill(player.email);
    await page.getByTestId('login-password').fill(`${player.password}!`);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Login is Failed' })).toBeVisible();

    await page.getByTestId('login-password').fill(player.password);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('header-username')).toHaveText(player.username);
  });
});

// Chromium has Web Locks; the second run hides them so the local-storage lease that older
// browsers fall back to is tested in a real browser too.
for (const lock of ['Web Locks', 'storage lease'] as const) {
  test.describe(`several tabs (${lock})`, () => {
    test('two tabs stay signed in across an access-token expiry, and sign out together', async ({
      context,
    }) => {
      test.setTimeout(90_000);
      if (lock === 'storage lease') {
        await context.addInitScript(() => {
          Object.defineProperty(window.navigator, 'locks', {
            value: undefined,
            configurable: true,
          });
        });
      }
      const first = await context.newPage();
      await useEnglish(first);
      const player = newPlayer('t');
      await registerThroughApi(first, player, shortTtlBase);

      // The race the cross-tab lock exists for, made certain: a refresh call is held until a
      // second one arrives (or 1.5 s pass), then both go out together, carrying the same
      // refresh cookie. A tab waits for the lock, then uses the token another tab stored. Two
      // calls can still meet: the local-storage lease is best effort on a loaded machine, and
      // a page that navigates away gives its Web Lock up while its call is still held here.
      // The server gives both the same successor (decision 113): the player stays signed in.
      let held: (() => void)[] = [];
      await context.route('**/api/auth/refresh', async (route) => {
        await new Promise<void>((release) => {
          held.push(release);
          if (held.length >= 2) {
            for (const go of held) go();
            held = [];
            return;
          }
          setTimeout(() => {
            held = held.filter((go) => go !== release);
            release();
          }, 1_500);
        });
        await route.continue();
      });

      const second = await context.newPage();
      await useEnglish(second);
      await second.goto(`${shortTtlBase}/`);
      await expect(second.getByTestId('header-username')).toHaveText(player.username);

      // Round 1: both tabs load at once with an expired access token. One refreshes; the
      // other must use that tab's new token instead of presenting the used refresh cookie.
      await untilTokenExpires(first);
      await Promise.all([first.reload(), second.reload()]);
      for (const tab of [first, second]) {
        await expect(tab.getByTestId('header-username')).toHaveText(player.username, {
          timeout: 15_000,
        });
      }

      // Round 2: expired again; both open the profile at the same moment.
      await untilTokenExpires(first);
      await Promise.all([
        first.goto(`${shortTtlBase}/profile`),
        second.goto(`${shortTtlBase}/profile`),
      ]);
      for (const tab of [first, second]) {
        await expect(tab.getByTestId('profile-username')).toHaveText(player.username, {
          timeout: 15_000,
        });
        await expect(tab.getByTestId('header-username')).toHaveText(player.username);
      }
      await expect(first.getByTestId('toast').filter({ hasText: 'session has ended' })).toHaveCount(
        0,
      );

      // Signing out in one tab signs the other out without a reload.
      await first.getByTestId('logout-button').click();
      await expect(first.getByTestId('login-button')).toBeVisible();
      await expect(second.getByTestId('login-button')).toBeVisible();
      await expect(second).toHaveURL(/\/$/);
    });
  });
}
