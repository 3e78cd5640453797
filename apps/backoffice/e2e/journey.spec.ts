import process from 'node:process';
import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { newPlayer, registerThroughApi, useEnglish } from '../../web/e2e/support/accounts';
import {
  askSupport,
  depositByCard,
  requestWithdrawal,
  sendIdentityDocuments,
} from './support/player';
import { addLimitAsRiskStaff, signInRiskStaff } from './support/risk-staff';
import { openScreen, seriousFindings, setupLinkPath, totp } from './support/staff';
import { picture as takePicture, picturesTag } from '../../web/e2e/support/pictures';

/**
 * Issue 28's journey in the browser: a staff member created by `npm run staff:create` sets a
 * password and an authenticator, signs in with both, finds a player by e-mail, verifies their
 * identity, approves their withdrawal, and the player's balance page shows it paid. Then every
 * back-office screen is scanned by axe and photographed in both themes.
 */

test.describe.configure({ mode: 'serial' });

const staffEmail = process.env.E2E_STAFF_EMAIL ?? '';
const staffPassword = 'Staff password 42 long';
const baseURL = process.env.E2E_BACKOFFICE_URL;
let staffState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
let playerId = '';

async function lookedPage(
  browser: Browser,
  theme: 'dark' | 'light',
  lang: 'en' | 'ru',
  signedIn: boolean,
  viewport = { width: 1440, height: 900 },
) {
  const context = await browser.newContext({
    baseURL,
    viewport,
    ...(signedIn ? { storageState: staffState } : {}),
  });
  await context.addInitScript(
    ([t, l]) => {
      localStorage.setItem('orbita.backoffice.theme', t);
      localStorage.setItem('orbita.backoffice.lang', l);
    },
    [theme, lang] as const,
  );
  return context.newPage();
}

test('a new staff member verifies a player and pays their withdrawal', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);

  // The player: registered, $100 deposited by card, documents sent.
  const playerContext = await browser.newContext({ baseURL });
  const player = await playerContext.newPage();
  await useEnglish(player);
  const who = newPlayer('bo');
  await registerThroughApi(player, who);
  await depositByCard(player, '100');
  await sendIdentityDocuments(player);
  await askSupport(player, 'When will my documents be checked?');

  // Set-up: a password and the authenticator, from the link the command printed.
  await page.addInitScript(() => localStorage.setItem('orbita.backoffice.lang', 'en'));
  await page.goto(setupLinkPath());
  await expect(page).toHaveURL(/\/backoffice\/setup$/);
  await expect(page.getByTestId('setup-qr')).toBeVisible();
  const secret = (await page.getByTestId('setup-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByTestId('setup-password').fill(staffPassword);
  await page.getByTestId('setup-repeat').fill(staffPassword);
  await page.getByTestId('setup-code').fill(totp(secret));
  await takePicture(page, 'setup-dark-en', { fullPage: true });
  await page.getByTestId('setup-submit').click();
  await expect(page.getByTestId('setup-done')).toBeVisible();

  // Login: no way in without a code; then all three (the next 30-second code: each is used once).
  await page.getByRole('link', { name: 'Go to sign-in' }).click();
  await page.getByTestId('login-email').fill(staffEmail);
  await page.getByTestId('login-password').fill(staffPassword);
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('Enter the 6-digit code from the authenticator app.')).toBeVisible();
  await page.getByTestId('login-code').fill(totp(secret, Date.now() + 30_000));
  await page.getByTestId('login-submit').click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('staff-member')).toContainText(staffEmail);
  await expect(page.getByTestId('figure-identity')).toContainText('1');
  staffState = await page.context().storageState();

  // Find the player by e-mail and verify their identity, both documents side by side.
  const sections = page.getByRole('navigation', { name: 'Back office sections' });
  await sections.getByRole('link', { name: 'Players' }).click();
  await page.getByTestId('players-search').fill(who.email);
  await page.getByTestId('players-search').press('Enter');
  await page.getByTestId('player-link').filter({ hasText: who.username }).click();
  await expect(page.getByTestId('player-name')).toContainText(who.username);
  playerId = page.url().split('/players/')[1]?.split('?')[0] ?? '';
  await expect(page.getByTestId('player-identity-status')).toHaveText('Waiting for review');
  await page.getByTestId('tab-identity').click();
  // The picture decoded in the page, the PDF's pages drawn as pictures (decision 081): no
  // frame, nothing of the document opened inline, no download needed.
  const picture = page.getByTestId('document-identity').getByRole('img');
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const pdfPage = page
    .getByTestId('document-address')
    .getByRole('img', { name: 'Proof of address, page 1 of 1' });
  await expect(pdfPage).toBeVisible();
  // The page is drawn, not blank: the bill's blue band is there, in its top half.
  await expect
    .poll(() =>
      pdfPage.evaluate((img: HTMLImageElement) => {
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const context = canvas.getContext('2d');
        if (!context || canvas.width === 0) return 'not drawn';
        context.drawImage(img, 0, 0);
        const [r, g, b] = context.getImageData(canvas.width / 2, canvas.height * 0.35, 1, 1).data;
        return (b ?? 0) > 150 && (r ?? 255) < 100 && (g ?? 255) < 150 ? 'blue' : `${r},${g},${b}`;
      }),
    )
    .toBe('blue');
  await expect(page.locator('iframe, object, embed')).toHaveCount(0);
  await takePicture(page, 'player-identity-dark-en', { fullPage: true });
  await page.getByTestId('identity-verify').click();
  await expect(page.getByTestId('identity-status')).toHaveText('Verified');
  await expect(page.getByTestId('player-identity-status')).toHaveText('Verified');

  // The support desk: the player's question waits for us; answered, then closed.
  await sections.getByRole('link', { name: 'Support desk' }).click();
  const thread = page.getByTestId('support-thread-link').filter({ hasText: who.username });
  await expect(thread.getByTestId('support-state')).toHaveText('Waiting for us');
  await thread.click();
  await page.getByTestId('support-answer').fill('Done: you are verified.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(thread.getByTestId('support-state')).toHaveText('Answered');
  await page.getByTestId('support-close').click();
  await expect(thread.getByTestId('support-state')).toHaveText('Closed');
  await page.getByTestId('support-filter').selectOption('open');
  await expect(page).toHaveURL(/status=open/);
  await expect(thread).toHaveCount(0);
  await page.getByTestId('support-filter').selectOption('closed');
  await expect(thread.getByTestId('support-state')).toHaveText('Closed');
  await expect(page.getByTestId('support-reopen')).toBeVisible();

  // The player asks for $40; the staff member approves it from the queue.
  await requestWithdrawal(player, '40');
  await sections.getByRole('link', { name: 'Withdrawals' }).click();
  const row = page.getByTestId('withdrawals-table').locator('tr', { hasText: who.username });
  await expect(row).toContainText('40.00 USD');
  await expect(row).toContainText('First withdrawal');
  await takePicture(page, 'withdrawals-dark-en', { fullPage: true });
  await row.getByTestId('withdrawal-approve').click();
  await expect(row).toHaveCount(0);

  // The player's balance page: the withdrawal paid.
  await expect
    .poll(
      async () => {
        await player.goto('/profile/balance');
        const latest = player.getByTestId('payment').first();
        await expect(latest).toBeVisible();
        return latest.textContent();
      },
      { timeout: 60_000, intervals: [1_000, 2_000, 3_000] },
    )
    .toMatch(/\$40\.00[\s\S]*Confirmed|Confirmed[\s\S]*\$40\.00/);
  await takePicture(player, 'player-balance-paid', { fullPage: true });
  await playerContext.close();
});

test('a risk staff member adds a limit for the player and sees it in the history', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  expect(staffState, 'the journey signed in first').toBeTruthy();
  const risk = await signInRiskStaff(browser, baseURL, staffState!, 'Risk password 42 long');
  await addLimitAsRiskStaff(risk, playerId);
  await risk.context().close();
});

const screens = [
  { name: 'dashboard', path: '/backoffice/', ready: 'dashboard-figures' },
  { name: 'players', path: '/backoffice/players', ready: 'players-table' },
  { name: 'player', path: () => `/backoffice/players/${playerId}`, ready: 'ledger-table' },
  {
    name: 'player-audit',
    path: () => `/backoffice/players/${playerId}?tab=audit`,
    ready: 'audit-table',
  },
  { name: 'player-rg', path: () => `/backoffice/players/${playerId}?tab=rg`, ready: 'rg-panel' },
  { name: 'withdrawals', path: '/backoffice/withdrawals', ready: null },
  { name: 'identity', path: '/backoffice/identity?status=verified', ready: 'identity-table' },
  { name: 'support', path: '/backoffice/support', ready: null },
  { name: 'support-closed', path: '/backoffice/support?status=closed', ready: null },
  { name: 'chat', path: '/backoffice/chat', ready: null },
  { name: 'audit', path: '/backoffice/audit', ready: 'audit-table' },
  { name: 'staff', path: '/backoffice/staff', ready: 'staff-table' },
  { name: 'sessions', path: '/backoffice/sessions', ready: null },
] as const;

for (const theme of ['dark', 'light'] as const) {
  for (const lang of ['en', 'ru'] as const) {
    test(`every screen, ${theme} ${lang}: no serious axe finding`, async ({ browser }) => {
      test.setTimeout(120_000);
      expect(staffState, 'the journey signed in first').toBeTruthy();
      const page = await lookedPage(browser, theme, lang, true);
      const findings: string[] = [];
      for (const screen of screens) {
        await openScreen(page, typeof screen.path === 'function' ? screen.path() : screen.path);
        await expect(page.locator('h1')).toBeVisible();
        if (screen.ready) await expect(page.getByTestId(screen.ready)).toBeVisible();
        await expect(page.locator('.skeleton')).toHaveCount(0);
        for (const finding of await seriousFindings(page))
          findings.push(`${screen.name}: ${finding}`);
        await takePicture(page, `${screen.name}-${theme}-${lang}`, { fullPage: true });
      }
      // Signed out: the login page.
      const login = await lookedPage(browser, theme, lang, false);
      await login.goto('/backoffice/login');
      await expect(login.getByTestId('login-form')).toBeVisible();
      for (const finding of await seriousFindings(login)) findings.push(`login: ${finding}`);
      await takePicture(login, `login-${theme}-${lang}`, { fullPage: true });
      await login.context().close();
      expect(findings).toEqual([]);
      await page.context().close();
    });
  }
}

// A tablet held either way (issue 28: usable on a tablet), both themes: pictures for a person
// to look at (tables scroll inside their card, the sidebar slides in below 1024 px).
const tablets = [
  { name: 'tablet-portrait', viewport: { width: 820, height: 1180 } },
  { name: 'tablet-landscape', viewport: { width: 1180, height: 820 } },
] as const;

for (const tablet of tablets) {
  test(`every screen on a ${tablet.name} ${picturesTag}`, async ({ browser }) => {
    test.setTimeout(180_000);
    expect(staffState, 'the journey signed in first').toBeTruthy();
    for (const theme of ['dark', 'light'] as const) {
      const page = await lookedPage(browser, theme, 'en', true, tablet.viewport);
      for (const screen of screens) {
        await page.goto(typeof screen.path === 'function' ? screen.path() : screen.path);
        await expect(page.locator('h1')).toBeVisible();
        if (screen.ready) await expect(page.getByTestId(screen.ready)).toBeVisible();
        await expect(page.locator('.skeleton')).toHaveCount(0);
        // Nothing wider than the screen: a wide table scrolls inside its own card.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, `${screen.name} is wider than the screen`).toBeLessThanOrEqual(0);
        await takePicture(page, `${screen.name}-${tablet.name}-${theme}`, { fullPage: true });
      }
      await page.goto(`/backoffice/players/${playerId}?tab=identity`);
      await expect(page.getByTestId('document-pages').getByRole('img')).toBeVisible({
        timeout: 30_000,
      });
      await takePicture(page, `player-identity-${tablet.name}-${theme}`, { fullPage: true });
      await page.context().close();
    }
  });
}
