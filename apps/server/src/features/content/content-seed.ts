import { randomUUID } from 'node:crypto';
import { contentPageSlugs, languages, type Language } from '@casino/contracts';
import { count, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contentPages, faqEntries } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { createContentFiles } from './content-files';
import { parseFaq } from './faq-parser';

// Any constant: instances starting together take turns, so only the first one seeds.
const seedLock = 920_030;

/**
 * On a new install (no page stored yet), stores the shipped Markdown files of CONTENT_DIR:
 * each page's title and body per language, and the FAQ's questions paired across the two
 * languages by their order (decision 092). Afterwards the database is the source and the
 * files are not read again. Runs at start, once per install; concurrent starts take an
 * advisory lock so the pages are stored once.
 */
export async function seedContent(db: Database, contentDir: string, clock: Clock): Promise<void> {
  const files = createContentFiles(contentDir);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLock})`);
    const [stored] = await tx.select({ n: count() }).from(contentPages);
    if (Number(stored?.n ?? 0) > 0) return;
    const faqs = {} as Record<Language, ReturnType<typeof parseFaq>>;
    for (const lang of languages) {
      faqs[lang] = [];
      for (const slug of ['faq', ...contentPageSlugs]) {
        const file = await files.read(lang, slug);
        const title = file?.title ?? '';
        await tx.insert(contentPages).values({
          slug,
          lang,
          title,
          markdown: slug === 'faq' ? '' : (file?.body ?? ''),
          updatedAt: file?.modifiedAt ?? clock.now(),
        });
        if (slug === 'faq' && file) faqs[lang] = parseFaq(file.body);
      }
    }
    const flat = (lang: Language) =>
      faqs[lang].flatMap((s) => s.items.map((item) => ({ section: s.title, ...item })));
    const en = flat('en');
    const ru = flat('ru');
    const rows = Array.from({ length: Math.max(en.length, ru.length) }, (_, i) => ({
      id: randomUUID(),
      position: i + 1,
      sectionEn: en[i]?.section ?? '',
      sectionRu: ru[i]?.section ?? '',
      questionEn: en[i]?.question ?? '',
      questionRu: ru[i]?.question ?? '',
      answerEn: en[i]?.answer ?? '',
      answerRu: ru[i]?.answer ?? '',
      updatedAt: clock.now(),
    }));
    if (rows.length > 0) await tx.insert(faqEntries).values(rows);
  });
}
