import process from 'node:process';
import { expect, type Page } from '@playwright/test';

/** The mail sink's HTTP side (playwright.config.ts sets MAIL_SINK_URL). */
const mailSinkUrl = process.env.MAIL_SINK_URL ?? 'http://127.0.0.1:4326';

export interface Player {
  username: string;
  email: string;
  password: string;
}

let sequence = 0;

/** A player nobody has registered yet: unique across parallel workers and runs. */
export function newPlayer(prefix = 'p'): Player {
  sequence += 1;
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}${sequence}`;
  const username = `${prefix}_${stamp}`.slice(0, 20);
  return {
    username,
    email: `${username.toLowerCase()}@players.orbita.test`,
    password: 'Correct horse 42 battery',
  };
}

interface Received {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** Waits for a mail to `address` (newer than `after` of them) and returns its 6-digit code. */
export async function readCode(address: string, after = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(
          `${mailSinkUrl}/messages?to=${encodeURIComponent(address.toLowerCase())}`,
        );
        const messages = (await response.json()) as Received[];
        const latest = messages.length > after ? messages.at(-1) : undefined;
        code = latest?.text.match(/\b(\d{6})\b/)?.[1];
        return code;
      },
      { message: `a code e-mail to ${address}`, timeout: 20_000, intervals: [250, 500, 1_000] },
    )
    .toMatch(/^\d{6}$/);
  return code ?? '';
}

/** How many mails `address` has received so far. */
export async function mailCount(address: string): Promise<number> {
  const response = await fetch(
    `${mailSinkUrl}/messages?to=${encodeURIComponent(address.toLowerCase())}`,
  );
  return ((await response.json()) as Received[]).length;
}

/** English texts, so assertions can name them; the app's default is Russian. */
export async function useEnglish(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (!window.localStorage.getItem('lang')) window.localStorage.setItem('lang', 'en');
  });
}

/** What the Register form sends for a player (an adult who accepts the terms). */
function registration(player: Player) {
  return {
    username: player.username,
    email: player.email,
    password: player.password,
    confirmPassword: player.password,
    dateOfBirth: '1990-04-12',
    acceptTerms: true,
  };
}

/**
 * Registers with the calls the Register and Verify modals make (the code still comes by
 * e-mail through the sink), then opens the lobby signed in: the state registerThroughUi ends
 * in, for the many tests about something else. Typing the two forms costs 5-10 s a player on
 * a busy machine; the form itself is tested by accounts.spec.ts and the accessibility scans.
 */
export async function registerThroughApi(page: Page, player: Player, base = ''): Promise<void> {
  const registered = await page.request.post(`${base}/api/auth/register`, {
    data: registration(player),
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const otp = await readCode(player.email);
  // The answer sets the refresh cookie in the browser context's jar, as in the page.
  const verified = await page.request.post(`${base}/api/auth/verify`, {
    data: { ...registration(player), otp },
  });
  expect(verified.status(), await verified.text()).toBe(201);
  const { access_token: accessToken } = (await verified.json()) as { access_token: string };
  // What the app stores after verification (apps/web/src/features/auth/session/tokens.ts):
  // the access token and the marker that a refresh cookie exists. Written on a small page of
  // the same origin, so the app starts signed in, as after a reload.
  await page.goto(`${base}/api/health`);
  await page.evaluate((token) => {
    window.localStorage.setItem('token', token);
    window.localStorage.setItem('refreshToken', 'httpOnly-cookie');
  }, accessToken);
  await page.goto(`${base}/`);
  await expect(page.getByTestId('header-username')).toHaveText(player.username);
}

/** Registers through the Register and Verify modals, as a player would. Ends signed in. */
export async function registerThroughUi(page: Page, player: Player, base = ''): Promise<void> {
  await page.goto(`${base}/`);
  await page.getByTestId('register-button').click();
  await page.getByTestId('register-username').fill(player.username);
  await page.getByTestId('register-email').fill(player.email);
  await page.getByTestId('register-password').fill(player.password);
  await page.getByTestId('register-confirm').fill(player.password);
  await page.getByTestId('register-dob').fill('1990-04-12');
  await page.getByTestId('register-terms').check();
  await page.getByTestId('register-submit').click();

  // Verify opens at once; the code arrives by e-mail.
  await expect(page.getByTestId('verify-code')).toBeVisible();
  await expect(page.getByTestId('verify-status')).toHaveAttribute('data-state', 'sent', {
    timeout: 15_000,
  });
  const code = await readCode(player.email);
  await page.getByTestId('verify-code').fill(code);
  await page.getByTestId('verify-submit').click();
  await expect(page.getByTestId('header-username')).toHaveText(player.username);
}
