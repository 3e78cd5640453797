import { randomBytes } from 'node:crypto';
import type { PublicBanners } from '@casino/contracts';
import type { StaffBanner } from '@casino/contracts/operator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { systemClock } from '../../src/lib/clock';
import { createLogger } from '../../src/lib/logger';
import { createMemoryMailer } from '../helpers/memory-mailer';
import { testSecrets } from '../helpers/test-app';
import { testDatabaseDriver } from '../helpers/test-database';
import {
  asStaff,
  buildStaffApp,
  createStaff,
  type StaffApp,
  type StaffMember,
} from '../staff/staff-helpers';
import { createLiveBanner } from './banner-helpers';

/**
 * Issue 30 / decision 090: each instance keeps its own copy of the banners for up to 60 s, and
 * a change made through one instance clears the others' by NOTIFY banners_changed. Here the
 * second instance has the list in its copy before each change (it answered it), and must
 * answer the change long before its copy would expire: a banner created, the order changed,
 * a banner retired, each made by staff on the first instance.
 */
describe(`banners changed on one instance, served by a second (${testDatabaseDriver()})`, () => {
  let first: StaffApp;
  let second: FastifyInstance;
  let marketing: StaffMember;

  beforeAll(async () => {
    first = await buildStaffApp();
    marketing = await createStaff(first, ['marketing']);
    // The same database under a second app; its close must not close the first's database.
    const shared = new Proxy(first.db, {
      get: (target, key) =>
        key === 'close' ? () => Promise.resolve() : (Reflect.get(target, key) as unknown),
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DATA_DIR: `/tmp/casino-banners-${randomBytes(4).toString('hex')}`,
      ...testSecrets,
    });
    second = await buildApp({
      config,
      db: shared,
      mailer: createMemoryMailer(),
      clock: systemClock,
      logger: createLogger(config),
    });
    await second.ready();
  }, 60_000);

  afterAll(async () => {
    await second.close();
    await first.close();
  });

  /** The carousel as the second instance serves it: titles in order. */
  const servedBySecond = async () => {
    const res = await second.inject({ method: 'GET', url: '/api/banners' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PublicBanners>().data.map((b) => b.copy.en.title);
  };
  // Within a few seconds, where the copy without a notice would last 60 s.
  const soon = { timeout: 5_000, interval: 25 };
  const staffOrder = async () =>
    (await asStaff(first, marketing, 'GET', '/api/operator/banners'))
      .json<{ data: StaffBanner[] }>()
      .data.filter((b) => b.retired_at === null)
      .sort((a, b) => a.position - b.position);

  it('a banner created on the first appears on the second', async () => {
    const before = await servedBySecond();
    expect(before).not.toContain('Two instances');
    await createLiveBanner(first, marketing, 'Two instances');
    await expect.poll(servedBySecond, soon).toContain('Two instances');
    // The first instance had forgotten its own copy at once.
    const own = await first.app.inject({ method: 'GET', url: '/api/banners' });
    expect(own.json<PublicBanners>().data.map((b) => b.copy.en.title)).toEqual(
      await servedBySecond(),
    );
  });

  it('a new order made on the first is the second’s order', async () => {
    const order = await staffOrder();
    const reversed = order.map((b) => b.id).reverse();
    const titles = [...order].reverse().map((b) => b.copy.en.title);
    expect(await servedBySecond()).not.toEqual(titles);
    const res = await asStaff(first, marketing, 'POST', '/api/operator/banners/reorder', {
      ids: reversed,
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(servedBySecond, soon).toEqual(titles);
  });

  it('a banner retired on the first leaves the second', async () => {
    const banner = (await staffOrder()).find((b) => b.copy.en.title === 'Two instances')!;
    expect(await servedBySecond()).toContain('Two instances');
    const res = await asStaff(
      first,
      marketing,
      'POST',
      `/api/operator/banners/${banner.id}/retire`,
      {
        reason: 'campaign over',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(servedBySecond, soon).not.toContain('Two instances');
  });
});
