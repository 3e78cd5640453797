import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  contentPageSlugs,
  languages,
  type ContentPage,
  type Faq,
  type Language,
} from '@casino/contracts';
import type { StaffFaqEntry, StaffPage, StaffPageSummary } from '@casino/contracts/operator';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { termsAcceptances } from '../../src/db/schema';
import { parseContentFile } from '../../src/features/content/content-files';
import { parseFaq } from '../../src/features/content/faq-parser';
import { createLogger } from '../../src/lib/logger';
import { createMemoryMailer } from '../helpers/memory-mailer';
import { createPlayer, errorOf, type SignedInPlayer } from '../helpers/players';
import { testSecrets } from '../helpers/test-app';
import { testDatabaseDriver } from '../helpers/test-database';
import {
  asStaff,
  buildStaffApp,
  createStaff,
  type StaffApp,
  type StaffMember,
} from '../staff/staff-helpers';

/**
 * Issue 30's content (decision 092): the FAQ and the pages stored in the database, seeded from
 * the shipped files, edited and published in the back office; a published terms or privacy
 * version is asked for at the next sign-in.
 */
describe(`content in the back office (${testDatabaseDriver()})`, () => {
  let t: StaffApp;
  let second: FastifyInstance;
  let support: StaffMember;
  let marketing: StaffMember;

  beforeAll(async () => {
    t = await buildStaffApp();
    // A second instance on the same database (its close must not close the database).
    const db = new Proxy(t.db, {
      get: (target, key) =>
        key === 'close' ? () => Promise.resolve() : (Reflect.get(target, key) as unknown),
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: `/tmp/casino-content-${randomBytes(4).toString('hex')}`,
      ...testSecrets,
    });
    second = await buildApp({
      config,
      db,
      mailer: createMemoryMailer(),
      clock: t.clock,
      logger: createLogger(config),
    });
    await second.ready();
    support = await createStaff(t, ['support']);
    marketing = await createStaff(t, ['marketing']);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const contentDir = () => t.config.contentDir;
  const publicPage = async (app: FastifyInstance, slug: string, lang: Language) => {
    const res = await app.inject({ method: 'GET', url: `/api/content/pages/${slug}?lang=${lang}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ContentPage>();
  };
  const publicFaq = async (app: FastifyInstance, lang: Language) => {
    const res = await app.inject({ method: 'GET', url: `/api/content/faq?lang=${lang}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Faq>();
  };
  const auditRows = async (action: string) =>
    (
      await t.db.execute<{ action: string; actor_id: string; target_id: string; after: unknown }>(
        sql`select action, actor_id, target_id, after from staff_audit_log where action = ${action} order by id`,
      )
    ).rows;

  it('seeds every page and the FAQ from the shipped files, answered as the files were', async () => {
    for (const lang of languages) {
      const file = await readFile(join(contentDir(), lang, 'faq.md'), 'utf8');
      const parsed = parseContentFile(file, new Date());
      const faq = await publicFaq(second, lang);
      expect(faq).toEqual({ lang, title: parsed.title, sections: parseFaq(parsed.body) });
      expect(faq.sections.flatMap((s) => s.items)).toHaveLength(12);
      for (const slug of contentPageSlugs) {
        const path = join(contentDir(), lang, `${slug}.md`);
        // The seed keeps the file's modification time as the page's date (milliseconds).
        const modified = new Date((await stat(path)).mtimeMs);
        const page = parseContentFile(await readFile(path, 'utf8'), modified);
        expect(await publicPage(t.app, slug, lang)).toEqual({
          slug,
          lang,
          title: page.title,
          markdown: page.body,
          updated_at: page.modifiedAt.toISOString(),
        });
      }
    }
    // The second instance started on a seeded database and stored nothing twice.
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from faq_entries`,
    );
    expect(rows[0]?.n).toBe(12);
    const list = await asStaff(t, support, 'GET', '/api/operator/content/pages');
    expect(list.statusCode, list.body).toBe(200);
    const pages = list.json<{ data: StaffPageSummary[] }>().data;
    expect(pages.map((p) => p.slug)).toEqual([...contentPageSlugs]);
    expect(pages.find((p) => p.slug === 'terms')).toMatchObject({
      versioned: true,
      version: null,
      has_draft: false,
    });
    expect(pages.find((p) => p.slug === 'loyalty')?.versioned).toBe(false);
  });

  it('a saved draft stays private; published, every instance serves it at once', async () => {
    const before = await publicPage(second, 'loyalty', 'en');
    const draft = {
      en: { title: 'Loyalty club', markdown: 'Level **one**.\n\n<script>alert(1)</script>' },
      ru: { title: 'Клуб лояльности', markdown: 'Уровень **один**.' },
    };
    const saved = await asStaff(t, marketing, 'PUT', '/api/operator/content/pages/loyalty', draft);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<StaffPage>()).toMatchObject({ has_draft: true, draft });
    expect(await publicPage(second, 'loyalty', 'en')).toEqual(before);

    t.clock.advance(1_000);
    const published = await asStaff(
      t,
      marketing,
      'POST',
      '/api/operator/content/pages/loyalty/publish',
    );
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<StaffPage>()).toMatchObject({ has_draft: false, published: draft });
    // Raw HTML is kept as text: the apps render Markdown, never HTML.
    expect(await publicPage(second, 'loyalty', 'en')).toEqual({
      slug: 'loyalty',
      lang: 'en',
      title: 'Loyalty club',
      markdown: 'Level **one**.\n\n<script>alert(1)</script>',
      updated_at: published.json<StaffPage>().updated_at,
    });
    expect((await publicPage(second, 'loyalty', 'ru')).markdown).toBe('Уровень **один**.');
    // Nothing left to publish: refused, and no audit row for it.
    const publishRows = (await auditRows('content.page.publish')).length;
    const again = await asStaff(
      t,
      marketing,
      'POST',
      '/api/operator/content/pages/loyalty/publish',
    );
    expect(again.statusCode).toBe(400);
    expect((await auditRows('content.page.publish')).length).toBe(publishRows);
    expect(await auditRows('content.page.save')).toContainEqual(
      expect.objectContaining({ actor_id: marketing.id, target_id: 'loyalty', after: draft }),
    );
  });

  it('FAQ: added, edited, reordered and removed, seen on the other instance at once', async () => {
    const list = async () =>
      (await asStaff(t, support, 'GET', '/api/operator/content/faq')).json<{
        data: StaffFaqEntry[];
      }>().data;
    const entries = await list();
    const body = {
      section: { en: 'Fairness', ru: 'Честность' },
      question: { en: 'Is there a mobile app?', ru: 'Есть ли приложение?' },
      answer: { en: 'Use the **website** on your phone.', ru: '' },
    };
    const created = await asStaff(t, support, 'POST', '/api/operator/content/faq', body);
    expect(created.statusCode, created.body).toBe(201);
    const entry = created.json<StaffFaqEntry>();
    expect(entry).toMatchObject({ ...body, position: entries.length + 1 });
    // Appended to the last section (Fairness) in English; no Russian answer, so not in Russian.
    const en = await publicFaq(second, 'en');
    expect(en.sections.at(-1)?.items.at(-1)).toEqual({
      id: '6-3',
      question: 'Is there a mobile app?',
      answer: 'Use the **website** on your phone.',
    });
    expect((await publicFaq(second, 'ru')).sections.flatMap((s) => s.items)).toHaveLength(12);

    const edited = await asStaff(t, support, 'PUT', `/api/operator/content/faq/${entry.id}`, {
      ...body,
      section: { en: 'Apps', ru: 'Приложения' },
      answer: { en: 'No app: the website works on phones.', ru: 'Нет: сайт работает на телефоне.' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // Moved first: its own section opens the FAQ.
    const ids = [entry.id, ...entries.map((e) => e.id)];
    const ordered = await asStaff(t, support, 'PUT', '/api/operator/content/faq/order', { ids });
    expect(ordered.statusCode, ordered.body).toBe(200);
    const ru = await publicFaq(second, 'ru');
    expect(ru.sections[0]).toEqual({
      title: 'Приложения',
      items: [
        { id: '1-1', question: 'Есть ли приложение?', answer: 'Нет: сайт работает на телефоне.' },
      ],
    });
    expect(ru.sections[1]?.title).toBe('Аккаунт');
    // A stale order (missing an entry) is refused whole.
    const stale = await asStaff(t, support, 'PUT', '/api/operator/content/faq/order', {
      ids: ids.slice(1),
    });
    expect(stale.statusCode).toBe(400);

    const removed = await asStaff(t, support, 'DELETE', `/api/operator/content/faq/${entry.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<{ data: StaffFaqEntry[] }>().data.map((e) => e.id)).toEqual(
      entries.map((e) => e.id),
    );
    expect((await publicFaq(second, 'ru')).sections[0]?.title).toBe('Аккаунт');
    const gone = await asStaff(t, support, 'DELETE', `/api/operator/content/faq/${entry.id}`);
    expect(gone.statusCode).toBe(404);
    for (const action of ['content.faq.create', 'content.faq.update', 'content.faq.delete']) {
      expect(await auditRows(action), action).toEqual([
        expect.objectContaining({ actor_id: support.id, target_id: entry.id }),
      ]);
    }
    expect(await auditRows('content.faq.order')).toHaveLength(1);
  });

  it('publishing the terms asks every player at the next sign-in; accepting clears it', async () => {
    const player: SignedInPlayer = await createPlayer(t);
    const login = (app: FastifyInstance, extra = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '198.51.100.7',
        payload: { email: player.email, password: player.password, ...extra },
      });
    expect((await login(second)).statusCode).toBe(201);

    const page = (
      await asStaff(t, support, 'GET', '/api/operator/content/pages/terms')
    ).json<StaffPage>();
    await asStaff(t, support, 'PUT', '/api/operator/content/pages/terms', {
      en: {
        ...page.draft.en,
        markdown: `${page.draft.en.markdown}\n\n## 20. New clause\n\nAdded.`,
      },
      ru: page.draft.ru,
    });
    // A draft alone changes nothing for players.
    expect((await login(second)).statusCode).toBe(201);
    t.clock.advance(60_000);
    const published = await asStaff(
      t,
      support,
      'POST',
      '/api/operator/content/pages/terms/publish',
    );
    expect(published.statusCode, published.body).toBe(200);
    // The version is the publication's date (the clock's day), recorded with its time.
    const version = published.json<StaffPage>().version;
    const day = t.clock.now().toISOString().slice(0, 10);
    expect(version?.version).toBe(day);
    expect(version?.published_at.slice(0, 10)).toBe(day);
    const publishRow = (await auditRows('content.page.publish')).find(
      (row) => row.actor_id === support.id && row.target_id === 'terms',
    );
    expect((publishRow?.after as { version?: string } | undefined)?.version).toBe(day);

    // Asked on the other instance too; the privacy version stays the configured one.
    const asked = await login(second);
    expect(asked.statusCode).toBe(409);
    expect(errorOf(asked)).toMatchObject({
      code: 'TERMS_NOT_ACCEPTED',
      message: `The Terms & Conditions (version ${day}) and the Privacy Policy (version 1) have changed: accept them to sign in.`,
    });
    t.clock.advance(1_000);
    expect((await login(t.app, { acceptTerms: true })).statusCode).toBe(201);
    const [last] = await t.db
      .select()
      .from(termsAcceptances)
      .where(and(eq(termsAcceptances.userId, player.id), eq(termsAcceptances.termsVersion, day)));
    expect(last).toMatchObject({ privacyVersion: '1', ip: '198.51.100.7' });
    expect((await login(second)).statusCode).toBe(201);

    // A second publication the same day is a new version: asked again.
    await asStaff(t, support, 'PUT', '/api/operator/content/pages/terms', page.draft);
    t.clock.advance(1_000);
    const republished = await asStaff(
      t,
      support,
      'POST',
      '/api/operator/content/pages/terms/publish',
    );
    const next = republished.json<StaffPage>().version?.version;
    expect(next).toBe(`${day}-2`);
    expect((await login(second)).statusCode).toBe(409);
    expect((await login(second, { acceptTerms: true })).statusCode).toBe(201);

    // Publishing the loyalty page records no version: nobody is asked.
    await asStaff(t, support, 'PUT', '/api/operator/content/pages/loyalty', {
      en: { title: 'Loyalty', markdown: 'Points.' },
      ru: { title: 'Лояльность', markdown: 'Баллы.' },
    });
    await asStaff(t, support, 'POST', '/api/operator/content/pages/loyalty/publish');
    expect((await login(second)).statusCode).toBe(201);
  });

  it('support and marketing edit content; payments and risk may not', async () => {
    for (const role of ['payments', 'risk'] as const) {
      const member = await createStaff(t, [role]);
      const res = await asStaff(t, member, 'GET', '/api/operator/content/pages');
      expect(res.statusCode, role).toBe(403);
    }
  });
});
