import process from 'node:process';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { openScreen, scanEveryVariant, scanViewports, signInWithSetupLink } from './support/staff';
import { picture } from '../../web/e2e/support/pictures';

/**
 * Issue 30's content screens (decision 092): a support member edits the terms in Markdown
 * with its live preview (raw HTML stays text), publishes them with a confirmation and players
 * read the new text at once; adds, moves and removes an FAQ entry. Then the screens are
 * scanned by axe and photographed in both themes, languages and sizes.
 */

test.describe.configure({ mode: 'serial' });

const email = process.env.E2E_CONTENT_EMAIL ?? '';
const password = 'Content password 42 long';
const baseURL = process.env.E2E_BACKOFFICE_URL;
let state: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;

const signIn = (page: Page) =>
  signInWithSetupLink(page, process.env.E2E_CONTENT_SETUP_FILE, email, password);

const publicJson = async <T>(page: Page, path: string): Promise<T> => {
  const res = await page.request.get(path);
  expect(res.status()).toBe(200);
  return (await res.json()) as T;
};

test('a support member edits and publishes the terms and edits the FAQ', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  state = await page.context().storageState();
  const sections = page.getByRole('navigation', { name: 'Back office sections' });
  await sections.getByRole('link', { name: 'Content' }).click();
  await expect(page.getByRole('heading', { name: 'Content', level: 1 })).toBeVisible();
  await expect(page.getByTestId('page-terms')).toContainText('Version set at install');

  await page.getByRole('link', { name: 'Edit: Terms and conditions' }).click();
  await expect(page.getByRole('heading', { name: 'Terms and conditions', level: 1 })).toBeVisible();
  const markdown = page.getByTestId('content-markdown');
  const preview = page.getByTestId('content-preview');
  const before = await markdown.inputValue();
  await markdown.fill(`${before}\n\n## 99. A clause added today\n\nSee <b>raw</b> **bold**.`);
  // The live preview renders Markdown and shows raw HTML as text, never as markup.
  await expect(preview.getByRole('heading', { name: '99. A clause added today' })).toBeVisible();
  await expect(preview.locator('strong', { hasText: 'bold' })).toBeVisible();
  await expect(preview).toContainText('<b>raw</b>');
  await expect(preview.locator('b')).toHaveCount(0);
  await page.getByTestId('content-save').click();
  await expect(page.getByText('Unpublished draft')).toBeVisible();
  // Saved, not yet published: players still read the old text.
  const terms = () =>
    publicJson<{ markdown: string }>(page, '/api/content/pages/terms?lang=en').then(
      (p) => p.markdown,
    );
  expect(await terms()).toBe(before);

  await page.getByTestId('content-publish').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('every player must accept it at their next sign-in');
  await picture(page, 'content-publish-dialog');
  await dialog.getByTestId('content-publish-confirm').click();
  await expect(page.getByText('Published.')).toBeVisible();
  const today = await page.evaluate(() => new Date().toISOString().slice(0, 10));
  await expect(page.getByText(`Version ${today} of`)).toBeVisible();
  expect(await terms()).toContain('## 99. A clause added today');

  // The FAQ: a new entry in both languages, moved up, then removed.
  await page.getByRole('link', { name: /All content/ }).click();
  await page.getByRole('tab', { name: 'FAQ' }).click();
  const entries = page.getByTestId('faq-entry');
  await expect(entries).toHaveCount(12);
  await page.getByTestId('faq-add').click();
  const form = page.getByRole('dialog');
  await form.getByTestId('faq-section-en').fill('Fairness');
  await form.getByTestId('faq-question-en').fill('Do you have an app?');
  await form.getByTestId('faq-answer-en').fill('The **website** works on any phone.');
  await form.getByTestId('faq-section-ru').fill('Честность');
  await form.getByTestId('faq-question-ru').fill('Есть ли приложение?');
  await form.getByTestId('faq-answer-ru').fill('**Сайт** работает на любом телефоне.');
  await expect(form.locator('strong', { hasText: 'website' })).toBeVisible();
  await picture(page, 'content-faq-dialog');
  await form.getByTestId('faq-save').click();
  await expect(entries).toHaveCount(13);
  await expect(entries.last()).toContainText('Do you have an app?');
  type Faq = { sections: { title: string; items: { question: string }[] }[] };
  const faq = await publicJson<Faq>(page, '/api/content/faq?lang=ru');
  expect(faq.sections.at(-1)?.items.at(-1)?.question).toBe('Есть ли приложение?');

  await page.getByRole('button', { name: 'Move up: Do you have an app?' }).click();
  await expect(entries.nth(11)).toContainText('Do you have an app?');
  const moved = await publicJson<Faq>(page, '/api/content/faq?lang=en');
  expect(
    moved.sections
      .at(-1)
      ?.items.map((i) => i.question)
      .at(-2),
  ).toBe('Do you have an app?');

  await page.getByRole('button', { name: 'Remove: Do you have an app?' }).click();
  await page.getByTestId('faq-remove-confirm').click();
  await expect(entries).toHaveCount(12);
  const after = await publicJson<Faq>(page, '/api/content/faq?lang=en');
  expect(after.sections.flatMap((s) => s.items)).toHaveLength(12);
});

// One context per screen size; each theme and language is the same screen reloaded with them.
for (const viewport of scanViewports) {
  test(`the content screens, ${viewport.name}: no serious axe finding in either theme or language`, async ({
    browser,
  }) => {
    // Twelve axe scans (three screens, four variants).
    test.setTimeout(600_000);
    expect(state, 'the support member signed in first').toBeTruthy();
    await scanEveryVariant(
      browser,
      { baseURL, viewport, state, path: '/backoffice/content' },
      async (page, scan) => {
        await expect(page.getByTestId('content-pages')).toBeVisible();
        await scan('content-pages');
        await page.getByTestId('tab-faq').click();
        await expect(page.getByTestId('faq-entries')).toBeVisible();
        await scan('content-faq');
        await openScreen(page, '/backoffice/content/loyalty');
        await expect(page.getByTestId('content-preview').locator('table')).toBeVisible();
        await scan('content-editor');
      },
    );
  });
}
