import { z } from 'zod';
import { languages } from './limits';

/** The pages kept as Markdown files per language (apps/server/content/<lang>/<slug>.md). */
export const contentPageSlugs = ['privacy', 'terms', 'loyalty', 'responsible-gaming'] as const;
export type ContentPageSlug = (typeof contentPageSlugs)[number];

export const contentQuerySchema = z.object({ lang: z.enum(languages).default('ru') });
export const contentPageParamsSchema = z.object({ slug: z.enum(contentPageSlugs) });

/** GET /content/pages/:slug?lang= : the page's title and its Markdown body. */
export const contentPageResponseSchema = z.object({
  slug: z.enum(contentPageSlugs),
  lang: z.enum(languages),
  title: z.string(),
  /** Markdown (CommonMark); rendered as Markdown, never as raw HTML. */
  markdown: z.string(),
  updated_at: z.string(),
});
export type ContentPage = z.infer<typeof contentPageResponseSchema>;

export const faqItemSchema = z.object({
  /** Stable within the file: the section and question numbers, e.g. "2-3". */
  id: z.string(),
  question: z.string(),
  /** Markdown. */
  answer: z.string(),
});
export type FaqItem = z.infer<typeof faqItemSchema>;

/** GET /content/faq?lang= : the questions, by section (## in the file), in file order. */
export const faqResponseSchema = z.object({
  lang: z.enum(languages),
  title: z.string(),
  sections: z.array(z.object({ title: z.string(), items: z.array(faqItemSchema) })),
});
export type Faq = z.infer<typeof faqResponseSchema>;
