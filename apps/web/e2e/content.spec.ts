import process from 'node:process';
import { expect, test, type Page } from '@playwright/test';
import { newPlayer, registerThroughApi, useEnglish } from './support/accounts';
import { picture, picturesTag } from './support/pictures';

const operatorToken = process.env.E2E_OPERATOR_API_TOKEN ?? '';

/** Every content page, in both languages, with a word its text must hold. */
const pages = [
  { path: '/privacy', en: 'What we collect', ru: 'Что мы собираем' },
  { path: '/terms', en: 'Who may play', ru: 'Кто может играть' },
  { path: '/loyalty', en: 'Levels', ru: 'Уровни' },
  { path: '/responsible-gaming', en: 'Warning signs', ru: 'Тревожные признаки' },
];

async function inLanguage(page: Page, lang: 'en' | 'ru') {
  await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
}

test.describe('content pages', () => {
  for (const lang of ['en', 'ru'] as const) {
    test(`every information page has its text in ${lang}, and the footer leads there`, async ({
      page,
    }) => {
      await inLanguage(page, lang);
      await page.goto('/');
      for (const entry of pages) {
        await page.locator('footer').locator(`a[href="${entry.path}"]`).click();
        await expect(page).toHaveURL(new RegExp(`${entry.path}$`));
        const article = page.getByTestId('content-page');
        await expect(article.getByRole('heading', { name: entry[lang] })).toBeVisible();
        // The title comes from the file, in the reader's language.
        await expect(page.locator('h1')).toHaveText(lang === 'ru' ? /[а-яё]/i : /^[^а-яё]+$/i);
      }
    });
  }

  test('the FAQ accordion by mouse and keyboard: none or one open, 0.2 s', async ({ page }) => {
    await useEnglish(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    await page.getByTestId('sidebar').getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    const items = page.getByTestId('faq-item');
    // SPEC §2: 12 top questions.
    await expect(items).toHaveCount(12);
    await expect(page.locator('[data-testid="faq-item"][data-open="true"]')).toHaveCount(0);
    const duration = await page
      .getByTestId('faq-answer')
      .first()
      .evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(duration).toBe('0.2s');
    // Two columns on a wide screen (SPEC §2).
    const columns = await page
      .getByTestId('faq-accordion')
      .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(2);

    const questions = page.getByTestId('faq-question');
    await questions.nth(0).click();
    await expect(items.nth(0)).toHaveAttribute('data-open', 'true');
    await questions.nth(3).click();
    await expect(items.nth(3)).toHaveAttribute('data-open', 'true');
    await expect(items.nth(0)).toHaveAttribute('data-open', 'false');
    await questions.nth(3).click();
    await expect(page.locator('[data-testid="faq-item"][data-open="true"]')).toHaveCount(0);

    // Keyboard: focus a question, arrows move, Enter and Space toggle.
    await questions.nth(0).focus();
    await page.keyboard.press('ArrowDown');
    await expect(questions.nth(1)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(items.nth(1)).toHaveAttribute('data-open', 'true');
    await expect(items.nth(1).getByTestId('faq-answer')).toContainText('Profile');
    await page.keyboard.press('Space');
    await expect(items.nth(1)).toHaveAttribute('data-open', 'false');

    // The live-support card shows an average (the default "about 5 minutes" until the first
    // answer: unit-tested, since another test here may already have answered).
    await expect(page.getByTestId('support-average')).toContainText('Average response time: ');
    // No link targets configured in the e2e server: no empty link cards.
    await expect(page.getByTestId('channel-card')).toHaveCount(0);
    await expect(page.getByTestId('partner-card')).toHaveCount(0);
  });

  test('a support thread round trip: the player writes, an operator answers, live', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await useEnglish(page);
    await registerThroughApi(page, newPlayer('sp'));
    await page.goto('/profile/faq');
    await page.getByTestId('support-open').click();
    await page.getByTestId('support-input').fill('Where is my deposit?');
    await page.getByTestId('support-send').click();
    await expect(page.getByTestId('support-message')).toHaveText(/Where is my deposit\?/);

    const threads = await page.request.get('/api/operator/support/threads', {
      headers: { Authorization: `Bearer ${operatorToken}` },
    });
    const { data } = (await threads.json()) as { data: { user_id: string; waiting: boolean }[] };
    const me = await page.request.get('/api/user/me', {
      headers: {
        Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}`,
      },
    });
    const { id } = (await me.json()) as { id: string };
    expect(data.find((row) => row.user_id === id)?.waiting).toBe(true);
    const answer = await page.request.post(`/api/operator/support/threads/${id}/messages`, {
      headers: { Authorization: `Bearer ${operatorToken}` },
      data: { text: 'It is on its way.' },
    });
    expect(answer.status()).toBe(201);
    await expect(
      page.locator('[data-testid="support-message"][data-author="operator"]'),
    ).toHaveText(/It is on its way\./);

    await picture(page, 'support-thread');
  });

  // Pictures for a person to look at (npm run pictures; support/pictures.ts).
  test(`pictures ${picturesTag}`, async ({ browser }) => {
    test.setTimeout(300_000);
    for (const [name, width, height] of [
      ['phone', 390, 844],
      ['desktop', 1440, 900],
    ] as const) {
      for (const [theme, lang] of [
        ['dark', 'en'],
        ['light', 'ru'],
      ] as const) {
        const context = await browser.newContext({ viewport: { width, height } });
        await context.addInitScript(
          ([th, l]) => {
            localStorage.setItem('theme', th ?? 'dark');
            localStorage.setItem('lang', l ?? 'en');
          },
          [theme, lang],
        );
        const page = await context.newPage();
        await page.goto('/faq');
        await page.getByTestId('faq-question').nth(1).click();
        await page.waitForTimeout(300);
        await picture(page, `faq-${name}-${theme}-${lang}`, { fullPage: true });
        await page.goto('/loyalty');
        await expect(page.getByTestId('content-page')).toBeVisible();
        await picture(page, `loyalty-${name}-${theme}-${lang}`, { fullPage: true });
        await context.close();
      }
    }
  });
});
