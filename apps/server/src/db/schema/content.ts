import { integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz, updatedAt, uuidId } from './columns';

/**
 * The information pages (issue 30, decision 092), one row per page and language, seeded
 * from CONTENT_DIR on a new install: what players read (`title`, `markdown`) and the draft
 * staff edit (null when there is none). Slugs: `faq` (its title only), `privacy`, `terms`,
 * `loyalty`, `responsible-gaming`.
 */
export const contentPages = pgTable(
  'content_pages',
  {
    slug: text('slug').notNull(),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    markdown: text('markdown').notNull(),
    updatedAt: updatedAt(),
    draftTitle: text('draft_title'),
    draftMarkdown: text('draft_markdown'),
    draftUpdatedAt: timestamptz('draft_updated_at'),
  },
  (t) => [primaryKey({ columns: [t.slug, t.lang] })],
);

/**
 * Each published version of the terms and of the privacy policy, with its date. The latest
 * of each is the one players accept at sign-in (auth's terms rule); before the first one,
 * TERMS_VERSION and PRIVACY_VERSION stand.
 */
export const contentVersions = pgTable(
  'content_versions',
  {
    id: uuidId(),
    slug: text('slug').notNull(),
    version: text('version').notNull(),
    publishedAt: timestamptz('published_at').notNull(),
  },
  (t) => [uniqueIndex('content_versions_slug_version_idx').on(t.slug, t.version)],
);

/** The FAQ, one row per question in both languages, in `position` order, grouped by section. */
export const faqEntries = pgTable('faq_entries', {
  id: uuidId(),
  position: integer('position').notNull(),
  sectionEn: text('section_en').notNull().default(''),
  sectionRu: text('section_ru').notNull().default(''),
  questionEn: text('question_en').notNull().default(''),
  questionRu: text('question_ru').notNull().default(''),
  answerEn: text('answer_en').notNull().default(''),
  answerRu: text('answer_ru').notNull().default(''),
  updatedAt: updatedAt(),
});
