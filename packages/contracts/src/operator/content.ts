import { z } from 'zod';
import { contentPageSlugs } from '../content';

/**
 * The FAQ and the information pages in the back office (issue 30, decision 092): a page is
 * edited as a draft in both languages and published as a whole; publishing the terms or the
 * privacy policy records a new version that players accept at their next sign-in. FAQ
 * entries carry both languages and take effect when saved.
 */

const title = z.string().trim().min(1).max(200);
// Markdown: long legal pages fit; rendered as Markdown, never as raw HTML.
const markdown = z.string().max(100_000);

export const staffPageTextSchema = z.object({ title, markdown });
export type StaffPageText = z.infer<typeof staffPageTextSchema>;

/** Both languages of a page's text. */
export const staffPageTextsSchema = z.object({ en: staffPageTextSchema, ru: staffPageTextSchema });
export type StaffPageTexts = z.infer<typeof staffPageTextsSchema>;

export const staffPageParamsSchema = z.object({ slug: z.enum(contentPageSlugs) });

/** The terms' or the privacy policy's version players accept, with its date. */
export const staffContentVersionSchema = z.object({
  version: z.string(),
  published_at: z.string(),
});

export const staffPageSummarySchema = z.object({
  slug: z.enum(contentPageSlugs),
  title: z.object({ en: z.string(), ru: z.string() }),
  /** When the published text last changed. */
  updated_at: z.string(),
  /** A saved draft differs from what players read. */
  has_draft: z.boolean(),
  /** Terms and privacy only: players accept this version at their next sign-in. */
  versioned: z.boolean(),
  version: staffContentVersionSchema.nullable(),
});
export type StaffPageSummary = z.infer<typeof staffPageSummarySchema>;
export const staffPagesResponseSchema = z.object({ data: z.array(staffPageSummarySchema) });

export const staffPageSchema = staffPageSummarySchema.extend({
  /** What players read now. */
  published: staffPageTextsSchema,
  /** The text being edited (the published one when there is no draft). */
  draft: staffPageTextsSchema,
});
export type StaffPage = z.infer<typeof staffPageSchema>;

export const staffFaqEntryBodySchema = z.object({
  section: z.object({ en: z.string().trim().max(200), ru: z.string().trim().max(200) }),
  question: z.object({ en: z.string().trim().max(300), ru: z.string().trim().max(300) }),
  /** Markdown. A language with an empty answer does not show the entry to players. */
  answer: z.object({ en: z.string().max(20_000), ru: z.string().max(20_000) }),
});
export type StaffFaqEntryBody = z.infer<typeof staffFaqEntryBodySchema>;

export const staffFaqEntrySchema = staffFaqEntryBodySchema.extend({
  id: z.string(),
  position: z.number().int(),
  updated_at: z.string(),
});
export type StaffFaqEntry = z.infer<typeof staffFaqEntrySchema>;
export const staffFaqResponseSchema = z.object({ data: z.array(staffFaqEntrySchema) });

export const staffFaqParamsSchema = z.object({ entryId: z.uuid() });
/** Every entry's id, in the new order. */
export const staffFaqOrderBodySchema = z.object({ ids: z.array(z.uuid()).min(1).max(500) });
