import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentPageSlugs, faqResponseSchema, languages } from '@casino/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { parseFaq } from '../../src/features/content/faq-parser';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let current: TestApp | undefined;
const scratch: string[] = [];
afterEach(async () => {
  await current?.close();
  current = undefined;
  for (const dir of scratch.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('content pages', () => {
  it('serves the FAQ and every page in both languages from the shipped files', async () => {
    const t = await buildTestApp();
    current = t;
    for (const lang of languages) {
      const faq = await t.app.inject({ method: 'GET', url: `/api/content/faq?lang=${lang}` });
      expect(faq.statusCode, faq.body).toBe(200);
      const body = faqResponseSchema.parse(faq.json());
      // SPEC §2: a "top questions" accordion of 12 entries; issue 14's six subjects.
      expect(body.sections).toHaveLength(6);
      expect(body.sections.flatMap((s) => s.items)).toHaveLength(12);
      for (const item of body.sections.flatMap((s) => s.items)) {
        expect(item.answer.length).toBeGreaterThan(80);
      }
      for (const slug of contentPageSlugs) {
        const page = await t.app.inject({
          method: 'GET',
          url: `/api/content/pages/${slug}?lang=${lang}`,
        });
        expect(page.statusCode, `${lang}/${slug}`).toBe(200);
        const { title, markdown } = page.json<{ title: string; markdown: string }>();
        expect(title.length).toBeGreaterThan(3);
        expect(markdown.length).toBeGreaterThan(800);
        // Russian pages are written in Russian, English ones in English.
        expect(/[а-яё]/i.test(title)).toBe(lang === 'ru');
      }
    }
    const unknown = await t.app.inject({ method: 'GET', url: '/api/content/pages/secrets' });
    expect(unknown.statusCode).toBe(400);
    const traversal = await t.app.inject({
      method: 'GET',
      url: '/api/content/pages/..%2F..%2Fpackage?lang=en',
    });
    expect(traversal.statusCode).toBe(400);
  });

  it('stores the files of CONTENT_DIR on a new install; afterwards the database is the source', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'casino-content-'));
    scratch.push(dir);
    await mkdir(join(dir, 'en'));
    const file = join(dir, 'en', 'terms.md');
    await writeFile(file, '# Terms\n\nFirst version.');
    const t = await buildTestApp({ env: { CONTENT_DIR: dir } });
    current = t;
    const read = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/content/pages/terms?lang=en' })).json<{
        markdown: string;
      }>().markdown;
    expect(await read()).toBe('First version.');
    // Edits are made in the back office now (decision 092): the file is not read again.
    await writeFile(file, '# Terms\n\nSecond version.');
    const later = new Date(Date.now() + 5_000);
    await utimes(file, later, later);
    expect(await read()).toBe('First version.');
    // No file at install: no text (404), and an FAQ without entries.
    const missing = await t.app.inject({ method: 'GET', url: '/api/content/pages/terms?lang=ru' });
    expect(missing.statusCode).toBe(404);
    const faq = await t.app.inject({ method: 'GET', url: '/api/content/faq?lang=en' });
    expect(faq.statusCode).toBe(404);
  });
});

describe('parseFaq', () => {
  it('groups questions under sections and keeps Markdown answers whole', () => {
    const sections = parseFaq(
      [
        '## A',
        '### Q1?',
        'One **bold**.',
        '',
        '- item',
        '### Q2?',
        '',
        '## B',
        '### Q3?',
        'Three.',
      ].join('\n'),
    );
    expect(sections).toEqual([
      {
        title: 'A',
        items: [{ id: '1-1', question: 'Q1?', answer: 'One **bold**.\n\n- item' }],
      },
      { title: 'B', items: [{ id: '2-1', question: 'Q3?', answer: 'Three.' }] },
    ]);
  });
});
