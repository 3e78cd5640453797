import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, createdAt, timestamptz, updatedAt, uuidId, uuidRef } from './columns';

/** One language's words on a banner (contracts: bannerCopySchema). */
export interface BannerCopyColumn {
  eyebrow: string;
  title: string;
  text: string;
  cta: string;
}

/**
 * The home carousel's banners (issue 30, decision 090), written by staff in the back office.
 * A banner is live while `retired_at` is null, both art URLs are set and the clock is within
 * [`starts_at`, `ends_at`). The art URLs are either the web build's files (`/banners/*.svg`,
 * the seeded rows) or uploaded art (`/api/banners/art/<name>`, table banner_art).
 */
export const banners = pgTable(
  'banners',
  {
    id: uuidId().defaultRandom(),
    /** The carousel's order among the banners not retired (1, 2, …). */
    position: integer('position').notNull(),
    /** A path of this site (contracts: bannerLinkSchema). */
    link: text('link').notNull(),
    /** What a guest gets instead of the link ('register'), or null. */
    guestAction: text('guest_action', { enum: ['register'] }),
    copy: jsonb('copy').$type<{ en: BannerCopyColumn; ru: BannerCopyColumn }>().notNull(),
    desktopArt: text('desktop_art'),
    mobileArt: text('mobile_art'),
    startsAt: timestamptz('starts_at'),
    endsAt: timestamptz('ends_at'),
    retiredAt: timestamptz('retired_at'),
    createdAt: createdAt().defaultNow(),
    updatedAt: updatedAt().defaultNow(),
  },
  (t) => [
    check(
      'banners_schedule_order',
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`,
    ),
  ],
);

/**
 * Uploaded banner art, where every instance reads it (as avatars, decision 054): re-encoded
 * WebP at the cut's size. The name is the URL's (/api/banners/art/{name}), 128 random bits,
 * new for every upload: it is the version, and a URL never changes its content. Kept after a
 * banner moves to another picture (a page already open may still show the old one).
 */
export const bannerArt = pgTable(
  'banner_art',
  {
    name: text('name').primaryKey(),
    bannerId: uuidRef('banner_id', () => banners.id, 'cascade'),
    cut: text('cut', { enum: ['desktop', 'mobile'] }).notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    byteLength: integer('byte_length').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('banner_art_banner_id_idx').on(t.bannerId)],
);
