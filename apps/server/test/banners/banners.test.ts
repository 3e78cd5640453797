import type { PublicBanners } from '@casino/contracts';
import type { StaffBanner } from '@casino/contracts/operator';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseDriver } from '../helpers/test-database';
import {
  asStaff,
  buildStaffApp,
  createStaff,
  type StaffApp,
  type StaffMember,
} from '../staff/staff-helpers';
import { bannerBody, createLiveBanner, pngArt, uploadArt } from './banner-helpers';

/**
 * Issue 30's banners (decision 090): the seeded carousel, staff's create, art, schedule (on
 * the app's clock, which the test moves), order and retire, each audited, and the uploads
 * checked like avatars.
 */
describe(`banners (${testDatabaseDriver()})`, () => {
  let t: StaffApp;
  let marketing: StaffMember;

  beforeAll(async () => {
    t = await buildStaffApp();
    marketing = await createStaff(t, ['marketing']);
  });
  afterAll(async () => {
    await t.close();
  });

  const live = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/banners' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PublicBanners>().data;
  };
  const titles = async () => (await live()).map((b) => b.copy.en.title);
  const staffList = async () =>
    (await asStaff(t, marketing, 'GET', '/api/operator/banners')).json<{ data: StaffBanner[] }>()
      .data;
  const auditRows = async (target: string) =>
    (
      await t.db.execute<{ action: string; actor_id: string; reason: string | null }>(
        `select action, actor_id, reason from staff_audit_log where target_kind = 'banner' and target_id = '${target}' order by id`,
      )
    ).rows;

  it('a new install shows the four banners the files held, in order, in both languages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/banners' });
    expect(res.headers['cache-control']).toBe('public, max-age=30');
    const banners = res.json<PublicBanners>().data;
    expect(banners.map((b) => b.desktop)).toEqual([
      '/banners/universe-desktop.svg',
      '/banners/welcome-desktop.svg',
      '/banners/tables-desktop.svg',
      '/banners/demo-desktop.svg',
    ]);
    expect(banners[0]).toMatchObject({
      mobile: '/banners/universe-mobile.svg',
      link: '/casino',
      guest_action: null,
      copy: {
        en: { title: 'A universe of slots', cta: 'Explore games' },
        ru: { title: 'Вселенная слотов', cta: 'Смотреть игры' },
      },
    });
    expect(banners[1]).toMatchObject({ link: '/profile/bonus', guest_action: 'register' });
  });

  it('a scheduled banner is absent, present when its time comes, and gone when it ends', async () => {
    const now = t.clock.now().getTime();
    const startsAt = new Date(now + 60 * 60_000).toISOString();
    const endsAt = new Date(now + 3 * 60 * 60_000).toISOString();
    const banner = await createLiveBanner(t, marketing, 'Weekend tournament', {
      starts_at: startsAt,
      ends_at: endsAt,
    });
    expect(banner.state).toBe('scheduled');
    expect(await titles()).not.toContain('Weekend tournament');

    // The staff session does not outlive hours of the moved clock: a fresh one after each move.
    const later = async (ms: number) => {
      t.clock.advance(ms);
      marketing = await createStaff(t, ['marketing']);
    };
    await later(59 * 60_000);
    expect(await titles()).not.toContain('Weekend tournament');
    await later(60_000);
    expect(await titles()).toEqual([
      'A universe of slots',
      'Up to $500 on your first deposit',
      'Take a seat at the table',
      'Try any game for free',
      'Weekend tournament',
    ]);
    expect((await staffList()).find((b) => b.id === banner.id)?.state).toBe('live');

    await later(2 * 60 * 60_000);
    expect(await titles()).not.toContain('Weekend tournament');
    expect((await staffList()).find((b) => b.id === banner.id)?.state).toBe('ended');
  });

  it('a banner without both cuts of its art is not live; its art is re-encoded WebP at the cut size', async () => {
    const created = await asStaff(
      t,
      marketing,
      'POST',
      '/api/operator/banners',
      bannerBody('Half'),
    );
    expect(created.statusCode, created.body).toBe(201);
    const banner = created.json<StaffBanner>();
    expect(banner).toMatchObject({ state: 'incomplete', desktop: null, mobile: null });

    const wide = await uploadArt(t, marketing, banner.id, 'desktop', {
      content: await pngArt(3000, 1200),
    });
    expect(wide.statusCode, wide.body).toBe(200);
    expect(wide.json<StaffBanner>().state).toBe('incomplete');
    expect(await titles()).not.toContain('Half');

    const phone = await uploadArt(t, marketing, banner.id, 'mobile', {
      content: await sharp({ create: { width: 500, height: 500, channels: 3, background: '#123' } })
        .jpeg()
        .toBuffer(),
      filename: 'phone.jpg',
      type: 'image/jpeg',
    });
    expect(phone.statusCode, phone.body).toBe(200);
    const done = phone.json<StaffBanner>();
    expect(done.state).toBe('live');
    expect(done.desktop).toMatch(/^\/api\/banners\/art\/[0-9a-f]{32}\.webp$/);
    expect(await titles()).toContain('Half');

    for (const [url, size] of [
      [done.desktop!, { width: 1600, height: 500 }],
      [done.mobile!, { width: 750, height: 900 }],
    ] as const) {
      const art = await t.app.inject({ method: 'GET', url });
      expect(art.statusCode).toBe(200);
      expect(art.headers['content-type']).toBe('image/webp');
      expect(art.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(art.rawPayload).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: 'webp',
        ...size,
      });
    }
    expect((await auditRows(banner.id)).map((r) => r.action)).toEqual([
      'banners.create',
      'banners.art',
      'banners.art',
    ]);
  });

  it('refuses art that is not a JPEG, PNG or WebP, too large, or not sent as a file', async () => {
    const banner = (
      await asStaff(t, marketing, 'POST', '/api/operator/banners', bannerBody('Refusals'))
    ).json<StaffBanner>();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    const wrongType = await uploadArt(t, marketing, banner.id, 'desktop', {
      content: svg,
      filename: 'art.png',
      type: 'image/png',
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json<{ error: { code: string } }>().error.code).toBe('IMAGE_UNSUPPORTED');

    const text = await uploadArt(t, marketing, banner.id, 'mobile', {
      content: 'just some words',
      filename: 'art.jpg',
      type: 'image/jpeg',
    });
    expect(text.json<{ error: { code: string } }>().error.code).toBe('IMAGE_UNSUPPORTED');

    const tooBig = await uploadArt(t, marketing, banner.id, 'desktop', {
      content: Buffer.alloc(3 * 1024 * 1024 + 1, 1),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json<{ error: { code: string } }>().error.code).toBe('PAYLOAD_TOO_LARGE');

    const tooManyPixels = await uploadArt(t, marketing, banner.id, 'desktop', {
      content: await sharp({ create: { width: 6001, height: 10, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    });
    expect(tooManyPixels.json<{ error: { code: string } }>().error.code).toBe('IMAGE_TOO_LARGE');

    const json = await asStaff(
      t,
      marketing,
      'POST',
      `/api/operator/banners/${banner.id}/art/desktop`,
      {
        file: 'x',
      },
    );
    expect(json.statusCode).toBe(415);

    const after = (await staffList()).find((b) => b.id === banner.id);
    expect(after).toMatchObject({ desktop: null, mobile: null });
    // Refused changes leave no audit row.
    expect((await auditRows(banner.id)).map((r) => r.action)).toEqual(['banners.create']);
  });

  it('refuses a link off the site and an end before the start', async () => {
    const offSite = await asStaff(t, marketing, 'POST', '/api/operator/banners', {
      ...bannerBody('Away'),
      link: '//evil.example/win',
    });
    expect(offSite.statusCode).toBe(400);
    const script = await asStaff(t, marketing, 'POST', '/api/operator/banners', {
      ...bannerBody('Away'),
      link: 'javascript:alert(1)',
    });
    expect(script.statusCode).toBe(400);
    const backwards = await asStaff(t, marketing, 'POST', '/api/operator/banners', {
      ...bannerBody('Backwards'),
      starts_at: '2030-01-02T00:00:00.000Z',
      ends_at: '2030-01-01T00:00:00.000Z',
    });
    expect(backwards.statusCode).toBe(400);
  });

  it('orders the carousel; a stale order is refused; a retired banner leaves it for good', async () => {
    const moved = await createLiveBanner(t, marketing, 'Moved first');
    const active = (await staffList()).filter((b) => b.state !== 'retired');
    const ids = [moved.id, ...active.map((b) => b.id).filter((id) => id !== moved.id)];
    const reorder = await asStaff(t, marketing, 'POST', '/api/operator/banners/reorder', { ids });
    expect(reorder.statusCode, reorder.body).toBe(200);
    expect((await titles())[0]).toBe('Moved first');
    expect((await staffList())[0]).toMatchObject({ id: moved.id, position: 1 });

    const stale = await asStaff(t, marketing, 'POST', '/api/operator/banners/reorder', {
      ids: ids.slice(1),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ error: { code: string } }>().error.code).toBe('BANNER_ORDER_STALE');

    const retire = await asStaff(t, marketing, 'POST', `/api/operator/banners/${moved.id}/retire`, {
      reason: 'campaign over',
    });
    expect(retire.statusCode, retire.body).toBe(200);
    expect(retire.json<StaffBanner>()).toMatchObject({ state: 'retired', position: 0 });
    expect(await titles()).not.toContain('Moved first');
    expect((await titles())[0]).toBe('A universe of slots');

    const edit = await asStaff(
      t,
      marketing,
      'PUT',
      `/api/operator/banners/${moved.id}`,
      bannerBody('Back again'),
    );
    expect(edit.statusCode).toBe(409);
    expect(edit.json<{ error: { code: string } }>().error.code).toBe('BANNER_RETIRED');

    const rows = await auditRows(moved.id);
    expect(rows.at(-1)).toMatchObject({
      action: 'banners.retire',
      actor_id: marketing.id,
      reason: 'campaign over',
    });
    const order = await t.db.execute<{ action: string }>(
      `select action from staff_audit_log where target_kind = 'banner' and target_id = 'order'`,
    );
    expect(order.rows.map((r) => r.action)).toEqual(['banners.reorder']);
  });

  it('edits copy and schedule; the live list follows at once on this instance', async () => {
    const banner = await createLiveBanner(t, marketing, 'Before edit');
    const res = await asStaff(t, marketing, 'PUT', `/api/operator/banners/${banner.id}`, {
      ...bannerBody('After edit'),
      link: '/pragmatic',
    });
    expect(res.statusCode, res.body).toBe(200);
    const found = (await live()).find((b) => b.id === banner.id);
    expect(found).toMatchObject({ link: '/pragmatic', copy: { en: { title: 'After edit' } } });
  });

  it('support may not touch banners (403); marketing and admin may', async () => {
    const support = await createStaff(t, ['support']);
    expect((await asStaff(t, support, 'GET', '/api/operator/banners')).statusCode).toBe(403);
    expect(
      (await asStaff(t, support, 'POST', '/api/operator/banners', bannerBody('No'))).statusCode,
    ).toBe(403);
    const admin = await createStaff(t, ['admin']);
    expect((await asStaff(t, admin, 'GET', '/api/operator/banners')).statusCode).toBe(200);
  });
});
