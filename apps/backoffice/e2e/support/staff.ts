import { Buffer } from 'node:buffer';
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import process from 'node:process';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { finishAnimations, loadAxe } from '../../../web/e2e/support/axe';
import { picture } from '../../../web/e2e/support/pictures';

/** The set-up link `npm run staff:create` printed before the server started (playwright.config.ts). */
export function setupLinkPath(file = process.env.E2E_STAFF_SETUP_FILE ?? ''): string {
  const output = readFileSync(file, 'utf8');
  const link = output.split('\n').find((line) => line.includes('/backoffice/setup#'));
  if (!link) throw new Error(`No set-up link in the command's output:\n${output}`);
  const url = new URL(link.trim(), 'http://placeholder');
  return `${url.pathname}${url.hash}`;
}

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '')) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

/** RFC 6238 TOTP by hand (HMAC-SHA1, 30-second steps, 6 digits), not the server's library. */
export function totp(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}

/** axe's serious and critical findings on the page as it is (animations finished). */
export async function seriousFindings(page: Page): Promise<string[]> {
  await finishAnimations(page);
  // Configured as AxeBuilder configures it, so `axe.run` below gets AxeBuilder's context and
  // options: the same rules and results as before, the script evaluated once per document
  // (decision 105).
  await loadAxe(page, {
    allowedOrigins: ['<same_origin>'],
    branding: { application: 'playwright' },
  });
  // Only the violations are read: collecting every pass too doubles a scan's time. The back
  // office's screens open no frame, so the page itself is the whole scan (AxeBuilder's legacy
  // mode ran this same axe.run in the page, decision 077).
  const results = (await page.evaluate(() =>
    (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<unknown> } }).axe.run(
      { exclude: [], include: [] },
      { resultTypes: ['violations'] },
    ),
  )) as AxeResults;
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Opens a back-office screen as its links do: inside the loaded app (a history change the
 * router follows), or with a page load when the app is not loaded yet. A scan of every screen
 * then pays one page load, not one per screen.
 */
export async function openScreen(page: Page, path: string): Promise<void> {
  const inApp = await page
    .evaluate(
      () => location.pathname.startsWith('/backoffice/') && document.readyState !== 'loading',
    )
    .catch(() => false);
  if (!inApp) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  const target = new URL(path, page.url());
  await expect(page).toHaveURL(
    (url) => url.pathname === target.pathname && url.search === target.search,
  );
}

/**
 * Shows the back-office screen at `path` in a theme and language as the staff member's own
 * choice would: both saved in this browser, then the screen loaded again (reloaded when the page
 * is on it already), since the app reads them at start and follows no `storage` event. One
 * context can so show every variant in turn: a reload costs Chromium a fraction of a new
 * context's first page load. Ends when <html> says the variant (its `lang`, and the theme's class
 * that public/boot.js and the app put on it); the screen's own content is the caller's to wait for.
 */
export async function showInThemeAndLanguage(
  page: Page,
  path: string,
  theme: 'dark' | 'light',
  lang: 'en' | 'ru',
): Promise<void> {
  // The storage is the origin's: a new page (about:blank) first opens a small document of the
  // server's, so the first variant is saved before the app's first load, not after it.
  if (page.url() === 'about:blank') await page.goto('/api/health');
  await page.evaluate(
    ([t, l]) => {
      localStorage.setItem('orbita.backoffice.theme', t);
      localStorage.setItem('orbita.backoffice.lang', l);
    },
    [theme, lang] as const,
  );
  const here = new URL(page.url());
  const target = new URL(path, here);
  if (here.pathname === target.pathname && here.search === target.search) await page.reload();
  else await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toContainClass(theme);
}

/** The two screen sizes every back-office scan runs on. */
export const scanViewports = [
  { name: 'wide', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

export type ScanViewport = (typeof scanViewports)[number];

export interface Variant {
  theme: 'dark' | 'light';
  lang: 'en' | 'ru';
}

/**
 * A screen's axe scans on one screen size in every theme and language, in one context (a new
 * context per variant cost about three times a reload, decision 106). For each variant the
 * screen at `path` is shown in it, and `visit` brings each state of the screen to scan and calls
 * `scan(name)`: no skeleton left, then axe's serious findings (named by variant and state) and
 * the state's picture, `<name>-<size>-<theme>-<lang>`. Asserts once at the end that nothing was
 * found, so that one variant's finding does not hide another's.
 */
export async function scanEveryVariant(
  browser: Browser,
  setup: {
    baseURL: string | undefined;
    viewport: ScanViewport;
    state: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
    path: string;
  },
  visit: (page: Page, scan: (name: string) => Promise<void>, variant: Variant) => Promise<void>,
): Promise<void> {
  const { viewport } = setup;
  const context = await browser.newContext({
    baseURL: setup.baseURL,
    viewport: { width: viewport.width, height: viewport.height },
    storageState: setup.state,
  });
  const page = await context.newPage();
  const findings: string[] = [];
  try {
    for (const theme of ['dark', 'light'] as const) {
      for (const lang of ['en', 'ru'] as const) {
        await showInThemeAndLanguage(page, setup.path, theme, lang);
        const scan = async (name: string) => {
          await expect(page.locator('.skeleton')).toHaveCount(0);
          for (const finding of await seriousFindings(page)) {
            findings.push(`${theme} ${lang}, ${name}: ${finding}`);
          }
          await picture(page, `${name}-${viewport.name}-${theme}-${lang}`, { fullPage: true });
        };
        await visit(page, scan, { theme, lang });
      }
    }
  } finally {
    await context.close();
  }
  expect(findings).toEqual([]);
}

/**
 * A staff member made by `staff:create` before the server started: sets up the account through
 * its one-time link (password and authenticator) and signs in; the page lands on the Dashboard.
 * The authenticator's secret is kept beside the link's file, so a retried test (a new worker,
 * the link already used) signs in with it instead of waiting for a set-up page that is gone.
 */
export async function signInWithSetupLink(
  page: Page,
  setupFile: string | undefined,
  email: string,
  password: string,
) {
  const file = setupFile ?? '';
  const kept = `${file}.secret`;
  await page.addInitScript(() => localStorage.setItem('orbita.backoffice.lang', 'en'));
  let secret = existsSync(kept) ? readFileSync(kept, 'utf8').trim() : '';
  if (secret) {
    await page.goto('/backoffice/login');
  } else {
    await page.goto(setupLinkPath(file));
    secret = (await page.getByTestId('setup-secret').textContent()) ?? '';
    await page.getByTestId('setup-password').fill(password);
    await page.getByTestId('setup-repeat').fill(password);
    await page.getByTestId('setup-code').fill(totp(secret));
    await page.getByTestId('setup-submit').click();
    await expect(page.getByTestId('setup-done')).toBeVisible();
    writeFileSync(kept, secret);
    await page.getByRole('link', { name: 'Go to sign-in' }).click();
  }
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('login-code').fill(totp(secret, Date.now() + 30_000));
  await page.getByTestId('login-submit').click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}
