import { randomUUID } from 'node:crypto';
import { contentPageSlugs, type ContentPageSlug } from '@casino/contracts';
import type {
  StaffFaqEntry,
  StaffFaqEntryBody,
  StaffPage,
  StaffPageSummary,
  StaffPageTexts,
} from '@casino/contracts/operator';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { withStep, type InTransaction } from '../../db/in-transaction';
import { contentVersions, faqEntries } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import {
  faqColumns,
  staffFaqEntry,
  type ContentRepository,
  type PageRow,
} from './content-repository';

/** Pages whose publication is a new version players accept at their next sign-in. */
export const versionedSlugs: readonly ContentPageSlug[] = ['terms', 'privacy'];

/** What a staff change changed: the audit row's target, before and after (decision 081). */
export interface ContentChange {
  kind: 'page' | 'faq';
  target: string;
  before: unknown;
  after: unknown;
}
type Audit = InTransaction<ContentChange> | undefined;

/** A change of the FAQ (an entry, or its order) for the audit step. */
const faqChange = (target: string, before: unknown, after: unknown): ContentChange => ({
  kind: 'faq',
  target,
  before,
  after,
});

const texts = (rows: PageRow[], draft: boolean): StaffPageTexts => {
  const of = (lang: 'en' | 'ru') => {
    const row = rows.find((r) => r.lang === lang);
    return {
      title: (draft ? row?.draftTitle : null) ?? row?.title ?? '',
      markdown: (draft ? row?.draftMarkdown : null) ?? row?.markdown ?? '',
    };
  };
  return { en: of('en'), ru: of('ru') };
};

/**
 * A version label from the publication's date, `YYYY-MM-DD`, with `-2`, `-3`… when one was
 * already published that day (the date is what players are shown in the question).
 */
export function nextVersion(at: Date, taken: readonly string[]): string {
  const day = at.toISOString().slice(0, 10);
  if (!taken.includes(day)) return day;
  let n = 2;
  while (taken.includes(`${day}-${n}`)) n += 1;
  return `${day}-${n}`;
}

const notFound = () => new AppError(404, 'NOT_FOUND', 'No such FAQ entry.');

/** The back office's content operations; each change runs its audit step in its transaction. */
export function createContentService(deps: {
  db: Database;
  clock: Clock;
  repo: ContentRepository;
}) {
  const { db, clock, repo } = deps;

  const summary = (
    slug: ContentPageSlug,
    rows: PageRow[],
    versions: Awaited<ReturnType<ContentRepository['latestVersions']>>,
  ): StaffPageSummary => {
    const version = versions.get(slug);
    const updated = Math.max(0, ...rows.map((r) => r.updatedAt.getTime()));
    return {
      slug,
      title: { en: texts(rows, false).en.title, ru: texts(rows, false).ru.title },
      updated_at: new Date(updated).toISOString(),
      has_draft: rows.some((r) => r.draftMarkdown !== null || r.draftTitle !== null),
      versioned: versionedSlugs.includes(slug),
      version: version
        ? { version: version.version, published_at: version.publishedAt.toISOString() }
        : null,
    };
  };

  const page = async (slug: ContentPageSlug, tx: Database = db): Promise<StaffPage> => {
    const rows = await repo.pageRows(slug, tx);
    return {
      ...summary(slug, rows, await repo.latestVersions(tx)),
      published: texts(rows, false),
      draft: texts(rows, true),
    };
  };

  return {
    async pages(): Promise<StaffPageSummary[]> {
      const rows = await repo.pageRows();
      const versions = await repo.latestVersions();
      return contentPageSlugs.map((slug) =>
        summary(
          slug,
          rows.filter((r) => r.slug === slug),
          versions,
        ),
      );
    },

    page: (slug: ContentPageSlug) => page(slug),

    async saveDraft(slug: ContentPageSlug, body: StaffPageTexts, audit: Audit): Promise<StaffPage> {
      return withStep(db, audit, async (tx) => {
        const before = texts(await repo.pageRows(slug, tx), true);
        await repo.saveDraft(tx, slug, body, clock.now());
        const result = await page(slug, tx);
        return {
          changed: { kind: 'page' as const, target: slug, before, after: result.draft },
          result,
        };
      });
    },

    /**
     * The draft becomes what players read, in both languages at once; for the terms and the
     * privacy policy a new version is recorded, so every player accepts it at the next
     * sign-in (auth's terms rule). Nothing to publish without a draft.
     */
    async publish(slug: ContentPageSlug, audit: Audit): Promise<StaffPage> {
      return withStep(db, audit, async (tx) => {
        const rows = await repo.pageRows(slug, tx);
        if (!rows.some((r) => r.draftMarkdown !== null || r.draftTitle !== null)) {
          throw new AppError(400, 'BAD_REQUEST', 'Nothing to publish: save a draft first.');
        }
        const now = clock.now();
        const draft = texts(rows, true);
        await repo.publishDraft(tx, slug, draft, now);
        let version: string | null = null;
        if (versionedSlugs.includes(slug)) {
          version = nextVersion(now, await repo.versionsOn(tx, slug));
          await tx
            .insert(contentVersions)
            .values({ id: randomUUID(), slug, version, publishedAt: now });
        }
        const result = await page(slug, tx);
        return {
          changed: {
            kind: 'page' as const,
            target: slug,
            before: { published: texts(rows, false) },
            after: { published: result.published, version },
          },
          result,
        };
      });
    },

    async faq(): Promise<StaffFaqEntry[]> {
      return (await repo.faqRows()).map(staffFaqEntry);
    },

    async createFaq(body: StaffFaqEntryBody, audit: Audit): Promise<StaffFaqEntry> {
      return withStep(db, audit, async (tx) => {
        const [row] = await tx
          .insert(faqEntries)
          .values({
            id: randomUUID(),
            position: (await repo.lastPosition(tx)) + 1,
            ...faqColumns(body),
            updatedAt: clock.now(),
          })
          .returning();
        const result = staffFaqEntry(row!);
        return {
          changed: faqChange(result.id, null, result),
          result,
        };
      });
    },

    async updateFaq(id: string, body: StaffFaqEntryBody, audit: Audit): Promise<StaffFaqEntry> {
      return withStep(db, audit, async (tx) => {
        const before = await repo.faqRow(tx, id);
        if (!before) throw notFound();
        const [row] = await tx
          .update(faqEntries)
          .set({ ...faqColumns(body), updatedAt: clock.now() })
          .where(eq(faqEntries.id, id))
          .returning();
        const result = staffFaqEntry(row!);
        const changed = faqChange(id, staffFaqEntry(before), result);
        return { changed, result };
      });
    },

    async removeFaq(id: string, audit: Audit): Promise<StaffFaqEntry[]> {
      return withStep(db, audit, async (tx) => {
        const before = await repo.faqRow(tx, id);
        if (!before) throw notFound();
        await tx.delete(faqEntries).where(eq(faqEntries.id, id));
        const result = (await repo.faqRows(tx)).map(staffFaqEntry);
        const changed = faqChange(id, staffFaqEntry(before), null);
        return { changed, result };
      });
    },

    /** The new order must name every entry once (a stale list is refused, not half applied). */
    async reorderFaq(ids: string[], audit: Audit): Promise<StaffFaqEntry[]> {
      return withStep(db, audit, async (tx) => {
        const rows = await repo.faqRows(tx);
        const known = new Set(rows.map((r) => r.id));
        if (
          ids.length !== rows.length ||
          new Set(ids).size !== ids.length ||
          !ids.every((i) => known.has(i))
        ) {
          throw new AppError(
            400,
            'BAD_REQUEST',
            'The order must list every FAQ entry once; reload and try again.',
          );
        }
        const now = clock.now();
        for (const [index, id] of ids.entries()) {
          await tx
            .update(faqEntries)
            .set({ position: index + 1, updatedAt: now })
            .where(eq(faqEntries.id, id));
        }
        const result = (await repo.faqRows(tx)).map(staffFaqEntry);
        const changed = faqChange(
          'order',
          rows.map((r) => r.id),
          ids,
        );
        return { changed, result };
      });
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
