import type { ContentPage, Faq, Language } from '@casino/contracts';
import type { StaffFaqEntry, StaffFaqEntryBody, StaffPageTexts } from '@casino/contracts/operator';
import { and, asc, desc, eq, max } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contentPages, contentVersions, faqEntries } from '../../db/schema';

export type PageRow = typeof contentPages.$inferSelect;
export type FaqRow = typeof faqEntries.$inferSelect;

/** Writes each language's row of a page, English first: `values(lang)` is what it gets. */
async function updateLanguages(
  tx: Database,
  slug: string,
  values: (lang: 'en' | 'ru') => Partial<typeof contentPages.$inferInsert>,
): Promise<void> {
  for (const lang of ['en', 'ru'] as const) {
    await tx
      .update(contentPages)
      .set(values(lang))
      .where(and(eq(contentPages.slug, slug), eq(contentPages.lang, lang)));
  }
}

/** The pages' and the FAQ's rows (decision 092); no cache: every instance reads the table. */
export function createContentRepository(db: Database) {
  return {
    async page(slug: string, lang: Language, tx: Database = db): Promise<PageRow | undefined> {
      const [row] = await tx
        .select()
        .from(contentPages)
        .where(and(eq(contentPages.slug, slug), eq(contentPages.lang, lang)));
      return row;
    },

    async pageRows(slug?: string, tx: Database = db): Promise<PageRow[]> {
      return tx
        .select()
        .from(contentPages)
        .where(slug === undefined ? undefined : eq(contentPages.slug, slug))
        .orderBy(asc(contentPages.slug), asc(contentPages.lang));
    },

    async saveDraft(tx: Database, slug: string, texts: StaffPageTexts, at: Date): Promise<void> {
      await updateLanguages(tx, slug, (lang) => ({
        draftTitle: texts[lang].title,
        draftMarkdown: texts[lang].markdown,
        draftUpdatedAt: at,
      }));
    },

    /** The draft becomes the page: its texts are published and the draft is cleared. */
    async publishDraft(tx: Database, slug: string, draft: StaffPageTexts, at: Date): Promise<void> {
      await updateLanguages(tx, slug, (lang) => ({
        title: draft[lang].title,
        markdown: draft[lang].markdown,
        updatedAt: at,
        draftTitle: null,
        draftMarkdown: null,
        draftUpdatedAt: null,
      }));
    },

    /** The latest version of each versioned page, by slug. */
    async latestVersions(tx: Database = db) {
      const rows = await tx
        .select({
          slug: contentVersions.slug,
          version: contentVersions.version,
          publishedAt: contentVersions.publishedAt,
        })
        .from(contentVersions)
        .orderBy(desc(contentVersions.publishedAt));
      const latest = new Map<string, { version: string; publishedAt: Date }>();
      for (const row of rows) if (!latest.has(row.slug)) latest.set(row.slug, row);
      return latest;
    },

    async versionsOn(tx: Database, slug: string): Promise<string[]> {
      const rows = await tx
        .select({ version: contentVersions.version })
        .from(contentVersions)
        .where(eq(contentVersions.slug, slug));
      return rows.map((r) => r.version);
    },

    async faqRows(tx: Database = db): Promise<FaqRow[]> {
      return tx.select().from(faqEntries).orderBy(asc(faqEntries.position), asc(faqEntries.id));
    },

    async faqRow(tx: Database, id: string): Promise<FaqRow | undefined> {
      const [row] = await tx.select().from(faqEntries).where(eq(faqEntries.id, id));
      return row;
    },

    async lastPosition(tx: Database): Promise<number> {
      const [row] = await tx.select({ n: max(faqEntries.position) }).from(faqEntries);
      return Number(row?.n ?? 0);
    },
  };
}
export type ContentRepository = ReturnType<typeof createContentRepository>;

export const faqColumns = (body: StaffFaqEntryBody) => ({
  sectionEn: body.section.en,
  sectionRu: body.section.ru,
  questionEn: body.question.en,
  questionRu: body.question.ru,
  answerEn: body.answer.en,
  answerRu: body.answer.ru,
});

export function staffFaqEntry(row: FaqRow): StaffFaqEntry {
  return {
    id: row.id,
    position: row.position,
    section: { en: row.sectionEn, ru: row.sectionRu },
    question: { en: row.questionEn, ru: row.questionRu },
    answer: { en: row.answerEn, ru: row.answerRu },
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The players' FAQ in one language, in the shape the files gave (GET /content/faq): entries
 * in order, consecutive ones with the same section grouped, an entry without a question or an
 * answer in this language left out, ids "section-question" numbered as before.
 */
export function publicFaq(rows: FaqRow[], lang: Language): Faq['sections'] {
  const sections: Faq['sections'] = [];
  for (const row of rows) {
    const question = (lang === 'en' ? row.questionEn : row.questionRu).trim();
    const answer = (lang === 'en' ? row.answerEn : row.answerRu).trim();
    if (question === '' || answer === '') continue;
    const title = lang === 'en' ? row.sectionEn : row.sectionRu;
    let section = sections.at(-1);
    if (!section || section.title !== title) {
      section = { title, items: [] };
      sections.push(section);
    }
    section.items.push({ id: `${sections.length}-${section.items.length + 1}`, question, answer });
  }
  return sections;
}

export function publicPage(row: PageRow): Omit<ContentPage, 'slug' | 'lang'> {
  return { title: row.title, markdown: row.markdown, updated_at: row.updatedAt.toISOString() };
}
