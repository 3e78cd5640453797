import process from 'node:process';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { scanEveryVariant, scanViewports, signInWithSetupLink } from './support/staff';
import { picture } from '../../web/e2e/support/pictures';

/**
 * Issue 30's banners screen (decision 090): a marketing member creates a banner with both
 * languages and both pictures, previews it, moves it to the front with the keyboard, sees the
 * players' list follow, and retires it; then the screen is scanned by axe and photographed in
 * both themes and languages, wide and on a phone.
 */

test.describe.configure({ mode: 'serial' });

const email = process.env.E2E_BANNERS_EMAIL ?? '';
const password = 'Banners password 42 long';
const baseURL = process.env.E2E_BACKOFFICE_URL;
let state: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;

const signIn = (page: Page) =>
  signInWithSetupLink(page, process.env.E2E_BANNERS_SETUP_FILE, email, password);

/** The players' carousel as the server lists it now (English titles, in order). */
const liveTitles = async (page: Page) => {
  const res = await page.request.get('/api/banners');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { copy: { en: { title: string } } }[] }).data.map(
    (b) => b.copy.en.title,
  );
};

const art = (width: number, height: number, colour: string) =>
  sharp({
    create: { width, height, channels: 3, background: colour },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width * 0.75}" cy="${height / 2}" r="${height / 3}" fill="#f5b544"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();

test('a marketing member creates, orders and retires a banner; the players see it follow', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page);
  state = await page.context().storageState();
  await page
    .getByRole('navigation', { name: 'Back office sections' })
    .getByRole('link', { name: 'Banners' })
    .click();
  await expect(page.getByRole('heading', { name: 'Banners', level: 1 })).toBeVisible();
  // The four banners a new install starts with (migration's seed), all live.
  const rows = page.getByTestId('banner-list').getByTestId('banner-row');
  await expect(rows).toHaveCount(4);
  await expect(rows.first()).toContainText('A universe of slots');
  await expect(rows.first()).toContainText('Live');

  await page.getByTestId('banner-new').click();
  await page.getByTestId('banner-en-eyebrow').fill('This weekend');
  await page.getByTestId('banner-en-title').fill('Spring tournament');
  await page.getByTestId('banner-en-text').fill('Climb the leaderboard for a share of $10,000.');
  await page.getByTestId('banner-en-cta').fill('Join now');
  await page.getByTestId('banner-ru-eyebrow').fill('В эти выходные');
  await page.getByTestId('banner-ru-title').fill('Весенний турнир');
  await page.getByTestId('banner-ru-text').fill('Поднимайтесь в таблице за долей $10 000.');
  await page.getByTestId('banner-ru-cta').fill('Участвовать');
  await page.getByTestId('banner-link').fill('/casino?tab=top');
  await page.getByTestId('banner-art-desktop').setInputFiles({
    name: 'wide.png',
    mimeType: 'image/png',
    buffer: await art(1600, 500, '#3b2a8f'),
  });
  await page.getByTestId('banner-art-mobile').setInputFiles({
    name: 'phone.png',
    mimeType: 'image/png',
    buffer: await art(750, 900, '#3b2a8f'),
  });
  const preview = page.getByTestId('banner-preview');
  await expect(preview.getByTestId('banner-preview-wide')).toContainText('Spring tournament');
  await expect(preview.getByTestId('banner-preview-phone').locator('img')).toHaveCount(1);
  await preview.getByRole('button', { name: 'Russian' }).click();
  await expect(preview.getByTestId('banner-preview-wide')).toContainText('Весенний турнир');
  await picture(page, 'banners-form-wide-dark-en', { fullPage: true });

  await page.getByTestId('banner-save').click();
  await expect(rows).toHaveCount(5);
  const created = rows.filter({ hasText: 'Spring tournament' });
  await expect(created).toContainText('Live');
  await expect(created.locator('img')).toHaveCount(2);
  expect(await liveTitles(page)).toEqual([
    'A universe of slots',
    'Up to $500 on your first deposit',
    'Take a seat at the table',
    'Try any game for free',
    'Spring tournament',
  ]);

  // To the front with the keyboard: the focus stays on "Move up" while it can go on.
  await created.getByRole('button', { name: 'Move up: Spring tournament' }).focus();
  for (let position = 4; position >= 1; position -= 1) {
    await page.keyboard.press('Enter');
    await expect(rows.nth(position - 1)).toContainText('Spring tournament');
  }
  await expect(
    rows.first().getByRole('button', { name: 'Move up: Spring tournament' }),
  ).toBeDisabled();
  expect((await liveTitles(page))[0]).toBe('Spring tournament');

  await rows.first().getByRole('button', { name: 'Retire' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill('campaign over');
  await dialog.getByRole('button', { name: 'Retire' }).click();
  await expect(rows).toHaveCount(4);
  await expect(
    page.getByTestId('banner-row').filter({ hasText: 'Spring tournament' }),
  ).toContainText('Retired');
  expect(await liveTitles(page)).not.toContain('Spring tournament');
});

// One context per screen size; each theme and language is the same screen reloaded with them.
for (const viewport of scanViewports) {
  test(`the banners screen, ${viewport.name}: no serious axe finding in either theme or language`, async ({
    browser,
  }) => {
    // Eight scans and eight full-page pictures: more than the default 30 s on a busy machine.
    test.setTimeout(450_000);
    expect(state, 'the marketing member signed in first').toBeTruthy();
    await scanEveryVariant(
      browser,
      { baseURL, viewport, state, path: '/backoffice/banners' },
      async (page, scan) => {
        await expect(page.getByTestId('banner-list')).toBeVisible();
        await scan('banners');
        await page.getByTestId('banner-list').getByRole('button').nth(2).click();
        await expect(page.getByTestId('banner-preview')).toBeVisible();
        await scan('banners-form');
      },
    );
  });
}
