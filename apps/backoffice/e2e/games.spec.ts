import process from 'node:process';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { scanEveryVariant, scanViewports, signInWithSetupLink } from './support/staff';
import { picture } from '../../web/e2e/support/pictures';

/**
 * Issue 30's games and lobby screen: a marketing member switches a game off with a reason, the
 * players' lobby no longer lists it, and switches it on again; then the screen is scanned by
 * axe and photographed in both themes and languages.
 */

test.describe.configure({ mode: 'serial' });

const email = process.env.E2E_MARKETING_EMAIL ?? '';
const password = 'Marketing password 42 long';
const baseURL = process.env.E2E_BACKOFFICE_URL;
let state: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;

const signIn = (page: Page) =>
  signInWithSetupLink(page, process.env.E2E_MARKETING_SETUP_FILE, email, password);

const lobbyNames = async (page: Page, search: string) => {
  const res = await page.request.get(`/api/total/games?search=${encodeURIComponent(search)}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { name: string }[] }).data.map((g) => g.name);
};

test('a marketing member switches a game off and on again', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  state = await page.context().storageState();
  const sections = page.getByRole('navigation', { name: 'Back office sections' });
  await expect(sections.getByRole('link', { name: 'Reports' })).toHaveCount(0);
  await sections.getByRole('link', { name: 'Games and lobby' }).click();
  await expect(page.getByRole('heading', { name: 'Games and lobby', level: 1 })).toBeVisible();
  await expect(page.getByTestId('provider-pragmatic')).toContainText('On');

  const table = page.getByTestId('games-table');
  const first = table.getByRole('row').nth(1);
  const code = ((await first.locator('code').textContent()) ?? '').trim();
  const name = ((await first.getByRole('cell').first().textContent()) ?? '')
    .replace(code, '')
    .trim();
  await page.getByTestId('games-search').fill(code);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = table.getByRole('row').filter({ hasText: code });
  await expect(row).toHaveCount(1);
  expect(await lobbyNames(page, name)).toContain(name);

  await row.getByRole('button', { name: `Switch off: ${name}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill('licence paused');
  await dialog.getByRole('button', { name: 'Switch off' }).click();
  await expect(row).toContainText('Switched off');
  expect(await lobbyNames(page, name)).not.toContain(name);
  await picture(page, 'games-switched-off', { fullPage: true });

  await row.getByRole('button', { name: `Switch on: ${name}` }).click();
  await dialog.getByRole('textbox').fill('licence back');
  await dialog.getByRole('button', { name: 'Switch on' }).click();
  await expect(row).toContainText('On');
  expect(await lobbyNames(page, name)).toContain(name);
});

test('a marketing member marks a game hot, blocks it in a country, pins it and reorders the home page', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  expect(state, 'the marketing member signed in first').toBeTruthy();
  const context = await browser.newContext({ baseURL, storageState: state });
  await context.addInitScript(() => localStorage.setItem('orbita.backoffice.lang', 'en'));
  const page = await context.newPage();
  await page.goto('/backoffice/games');
  const lobby = page.getByTestId('lobby-card');
  await expect(lobby.getByTestId('sections-list')).toBeVisible();

  // The home sections, reordered with the keyboard: Top games up twice, by its Up button.
  const sectionsList = lobby.getByTestId('sections-list');
  await expect(sectionsList.getByTestId('ordered-item')).toHaveText([
    /Banners/,
    /Top games/,
    /Recent games/,
  ]);
  const up = sectionsList.getByRole('button', { name: 'Move up: Top games' });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect(sectionsList.getByTestId('ordered-item')).toHaveText([
    /Top games/,
    /Banners/,
    /Recent games/,
  ]);
  // The focus followed the item: now first, its Down button has it; Enter moves it back.
  await expect(sectionsList.getByRole('button', { name: 'Move down: Top games' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(sectionsList.getByTestId('ordered-item')).toHaveText([
    /Banners/,
    /Top games/,
    /Recent games/,
  ]);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(sectionsList.getByTestId('ordered-item')).toHaveText([
    /Top games/,
    /Banners/,
    /Recent games/,
  ]);
  await lobby.getByTestId('sections-save').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill('games first this week');
  await dialog.getByTestId('reason-submit').click();
  await expect(lobby.getByTestId('sections-save')).toBeDisabled();
  const layout = await page.request.get('/api/games/lobby');
  expect(await layout.json()).toEqual({ sections: ['top', 'banners', 'recent'] });

  // A game pinned to the top of Top games: the players' top list opens with it.
  const table = page.getByTestId('games-table');
  const last = table.getByRole('row').last();
  const code = ((await last.locator('code').textContent()) ?? '').trim();
  const name = ((await last.getByRole('cell').first().textContent()) ?? '')
    .replace(code, '')
    .trim();
  await lobby.getByTestId('pin-search').fill(code);
  await lobby.getByRole('button', { name: 'Find a game to pin' }).click();
  await lobby.getByRole('button', { name: `Pin: ${name}` }).click();
  await expect(lobby.getByTestId('pins-list')).toContainText(name);
  await picture(page, 'games-lobby-pins', { fullPage: true });
  await lobby.getByTestId('pins-save').click();
  await dialog.getByRole('textbox').fill('weekend promotion');
  await dialog.getByTestId('reason-submit').click();
  await expect(lobby.getByTestId('pins-save')).toBeDisabled();
  const top = (await (await page.request.get('/api/total/games?sort=top&limit=14')).json()) as {
    data: { name: string; isHot?: boolean }[];
  };
  expect(top.data[0]?.name).toBe(name);

  // Its badge Hot, blocked in Russia: a guest's lobby shows it with the Hot badge.
  await page.getByTestId('games-search').fill(code);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = table.getByRole('row').filter({ hasText: code });
  await row.getByRole('button', { name: `Badge and countries: ${name}` }).click();
  await dialog.getByTestId('mark').selectOption('hot');
  await dialog.getByTestId('countries').fill('russia');
  await dialog.getByTestId('reason-input').fill('campaign');
  await dialog.getByTestId('game-lobby-submit').click();
  await expect(dialog).toContainText('Use two-letter country codes');
  await picture(page, 'games-lobby-dialog');
  await dialog.getByTestId('countries').fill('ru, by');
  await dialog.getByTestId('game-lobby-submit').click();
  await expect(row).toContainText('Hot');
  await expect(row).toContainText('Blocked in: BY, RU');
  const hot = (await (await page.request.get('/api/total/games?sort=top&limit=1')).json()) as {
    data: { id: number | string; name: string; isHot?: boolean }[];
  };
  expect(hot.data[0]).toMatchObject({ name, isHot: true });
  await context.close();

  // The players' home shows the mark on the game's tile, first in the lobby's top games, in
  // both themes and languages (pictures of it for a person under `npm run pictures`).
  for (const [theme, lang, label] of [
    ['dark', 'en', 'Hot'],
    ['light', 'ru', 'Хит'],
  ] as const) {
    const guest = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    await guest.addInitScript(
      ([t, l]) => {
        localStorage.setItem('theme', t);
        localStorage.setItem('lang', l);
      },
      [theme, lang] as const,
    );
    const home = await guest.newPage();
    await home.goto('/');
    const tile = home
      .locator(`[data-testid="game-tile"][data-game-id="${hot.data[0]?.id}"]`)
      .first();
    await expect(tile).toBeVisible();
    await expect(tile).toContainText(label);
    await tile.scrollIntoViewIfNeeded();
    await picture(home, `games-player-hot-badge-${theme}-${lang}`);
    await guest.close();
  }
});

// One context per screen size; each theme and language is the same screen reloaded with them.
for (const viewport of scanViewports) {
  test(`the games screen, ${viewport.name}: no serious axe finding in either theme or language`, async ({
    browser,
  }) => {
    // Four variants, each scanned by axe: more than the default 30 s on a busy machine.
    test.setTimeout(300_000);
    expect(state, 'the marketing member signed in first').toBeTruthy();
    await scanEveryVariant(
      browser,
      { baseURL, viewport, state, path: '/backoffice/games' },
      async (page, scan) => {
        await expect(page.getByTestId('games-table')).toBeVisible();
        await scan('games');
      },
    );
  });
}
