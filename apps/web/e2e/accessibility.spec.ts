import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { newPlayer, registerThroughApi } from './support/accounts';
import { screens } from './support/screens';
import { seriousFindings, type AxeFinding } from './support/axe';

/**
 * axe over every page × both themes × both languages × phone and desktop, as a guest and
 * signed in, with the Login, Register, Verify and Play modals open (issue 16). Fails on a
 * serious or critical finding and lists them all. One browser context per audience, screen and
 * language; each page is scanned in both themes, switched in place as a choice made in another
 * tab reaches the page (decision 106): a theme changes colours only, so a second context would
 * load and open every page again for the same DOM. The signed-in state is made once (a player
 * registered through the API) and reused.
 */
const themes = ['dark', 'light'] as const;
const languages = ['en', 'ru'] as const;
const audiences = ['guest', 'player'] as const;

/** The route table (packages/contracts web-routes.ts) with a sample for each pattern. */
const publicPaths = [
  '/',
  '/endorphina',
  '/gbgames',
  '/pragmatic',
  '/casino',
  '/other',
  '/search',
  '/premium',
  '/faq',
  '/privacy',
  '/terms',
  '/loyalty',
  // The provably fair check, empty and with a round's verdict (issue 25).
  '/fair',
  '/fair?game=roulette&server=f9c2bf73ecd36f273d466d1e0491f9f821807427355f3f6462718b58fe61ad11&hash=9bd045d845594b2770c8ec6786894da3514f20627b504701229612dbc83cb602&client=client-seed&nonce=0&result=11',
  '/no-such-page',
];
const profilePaths = [
  '/profile',
  '/profile/faq',
  '/profile/balance',
  '/profile/balance/widthdrawall',
  '/profile/balance/credit',
  '/profile/bonus',
  '/profile/verification',
  '/profile/responsible-gaming',
];

interface Finding extends AxeFinding {
  where: string;
}

/**
 * Goes to a page inside the app, as its links do (no reload: the run stays short). The app's
 * router follows the history change.
 */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
}

/** Waits until the page's lists and texts have loaded: no skeletons, nothing busy. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  await expect(page.locator('main#content')).toBeVisible();
  await expect(
    page.locator('[data-testid="game-skeleton"], main [aria-busy="true"], main [role="status"]'),
  ).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

type Theme = (typeof themes)[number];

/**
 * Switches the theme as a choice saved in another tab reaches this one: the app follows the
 * `storage` event (features/theme/theme-store.ts), and only the colours change.
 */
async function switchTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((saved) => {
    window.localStorage.setItem('theme', saved);
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'theme', newValue: saved, storageArea: localStorage }),
    );
  }, theme);
  await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`));
}

/**
 * Scans the page as it is in the theme it has, then in the other one, and leaves it in that
 * other theme (the next page starts from it: one switch per page).
 */
async function scanBothThemes(
  page: Page,
  state: { theme: Theme },
  where: string,
): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const step of [0, 1]) {
    if (step === 1) {
      state.theme = state.theme === 'dark' ? 'light' : 'dark';
      await switchTheme(page, state.theme);
    }
    const at = `${where} (${state.theme})`;
    findings.push(...(await seriousFindings(page)).map((finding) => ({ where: at, ...finding })));
  }
  return findings;
}

/** A player, registered once per worker; its browser state is reused by every combination. */
let playerState: Awaited<ReturnType<BrowserContext['storageState']>>;
let sampleGame: { provider: string; gameId: string };

async function signedInState(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await registerThroughApi(page, newPlayer('a11y'));
  const state = await context.storageState();
  await context.close();
  return state;
}

test.describe('accessibility (axe)', () => {
  // Each test scans some 25 pages twice: slow on a busy machine.
  test.describe.configure({ timeout: 360_000 });

  test.beforeAll(async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const origin = baseURL ?? '';
    playerState = await signedInState(browser, origin);
    const response = await fetch(`${origin}/api/total/games?currency=USD&page=1&limit=1`);
    const body = (await response.json()) as { data: { provider: string; gameId: string }[] };
    const game = body.data[0];
    if (!game) throw new Error('The catalogue is empty: no game to open the Play page with');
    sampleGame = game;
  });

  for (const audience of audiences) {
    for (const screen of screens) {
      for (const language of languages) {
        const combination = `${audience} ${screen.name} ${language}`;
        test(combination, async ({ browser, baseURL }) => {
          const context = await browser.newContext({
            baseURL,
            ...screen.options,
            reducedMotion: 'reduce',
            ...(audience === 'player' ? { storageState: playerState } : {}),
          });
          const state: { theme: Theme } = { theme: themes[0] };
          // Only the first document: later ones are in-app (no reload would keep a switch).
          await context.addInitScript(
            ([savedTheme, savedLanguage]) => {
              if (window.sessionStorage.getItem('a11y-started')) return;
              window.sessionStorage.setItem('a11y-started', '1');
              window.localStorage.setItem('theme', savedTheme);
              window.localStorage.setItem('lang', savedLanguage);
            },
            [state.theme, language] as const,
          );
          const page = await context.newPage();
          const findings: Finding[] = [];
          const paths = [
            ...publicPaths,
            `/play/${sampleGame.provider}/${encodeURIComponent(sampleGame.gameId)}`,
            ...(audience === 'player' ? profilePaths : []),
          ];
          try {
            await page.goto('/');
            for (const path of paths) {
              await navigate(page, path);
              await settle(page);
              if (audience === 'player') {
                await expect(page.getByTestId('header-username')).toBeVisible();
              }
              findings.push(...(await scanBothThemes(page, state, `${combination} ${path}`)));
            }
            if (audience === 'guest')
              findings.push(...(await scanGuestModals(page, state, combination)));
          } finally {
            await context.close();
          }
          expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
        });
      }
    }
  }
});

/** Play (a tile, as a guest), Login, Register and Verify, each scanned in both themes while open. */
async function scanGuestModals(
  page: Page,
  state: { theme: Theme },
  combination: string,
): Promise<Finding[]> {
  const findings: Finding[] = [];
  const dialog = page.getByRole('dialog');

  await navigate(page, '/');
  await settle(page);
  await page.getByTestId('game-tile').first().click();
  await expect(page.getByTestId('play-modal')).toBeVisible();
  findings.push(...(await scanBothThemes(page, state, `${combination} / Play modal`)));
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await page.getByTestId('login-button').click();
  await expect(page.getByTestId('login-email')).toBeVisible();
  findings.push(...(await scanBothThemes(page, state, `${combination} / Login modal`)));
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  const player = newPlayer('v');
  await page.getByTestId('register-button').click();
  await expect(page.getByTestId('register-username')).toBeVisible();
  findings.push(...(await scanBothThemes(page, state, `${combination} / Register modal`)));
  await page.getByTestId('register-username').fill(player.username);
  await page.getByTestId('register-email').fill(player.email);
  await page.getByTestId('register-password').fill(player.password);
  await page.getByTestId('register-confirm').fill(player.password);
  await page.getByTestId('register-dob').fill('1990-04-12');
  await page.getByTestId('register-terms').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('verify-status')).toHaveAttribute('data-state', 'sent', {
    timeout: 15_000,
  });
  findings.push(...(await scanBothThemes(page, state, `${combination} / Verify modal`)));
  return findings;
}
