import { randomBytes } from 'node:crypto';
import { bannerErrorCodes, ErrorCode, type BannerCut, type PublicBanner } from '@casino/contracts';
import type { StaffBanner, StaffBannerBody } from '@casino/contracts/operator';
import type { Database } from '../../db/database';
import { withStep, type InTransaction } from '../../db/in-transaction';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { toBannerWebp } from './banner-art';
import { auditView, liveBanners, toStaffBanner, toStaffList } from './banner-view';
import type { BannerRow, BannerValues, BannersRepository } from './banners-repository';

/** What a staff change did: the audit row's target, before and after (decision 081). */
export interface BannerChange {
  target: string;
  before: unknown;
  after: unknown;
}

type Audit = InTransaction<BannerChange> | undefined;

/** The body of create and edit, as the route table's schema gives it (defaults applied). */
export type BannerInput = Required<Omit<StaffBannerBody, 'guest_action'>> & {
  guest_action: 'register' | null;
};

export interface BannersService {
  /** The banners live now, in order (the player app's carousel). */
  live(): Promise<PublicBanner[]>;
  list(): Promise<{ data: StaffBanner[]; now: string }>;
  create(input: BannerInput, audit?: Audit): Promise<StaffBanner>;
  update(id: string, input: BannerInput, audit?: Audit): Promise<StaffBanner>;
  /** Re-encodes the upload (banner-art.ts) and makes it the banner's art of that cut. */
  uploadArt(id: string, cut: BannerCut, upload: Buffer, audit?: Audit): Promise<StaffBanner>;
  reorder(ids: readonly string[], audit?: Audit): Promise<{ data: StaffBanner[]; now: string }>;
  retire(id: string, audit?: Audit): Promise<StaffBanner>;
  art(name: string): Promise<{ bytes: Buffer; contentType: string } | undefined>;
  /** Another instance (NOTIFY banners_changed) or this one changed the banners. */
  changed(): void;
}

export const bannerArtPath = (name: string) => `/api/banners/art/${name}`;

const notFound = () => new AppError(404, ErrorCode.NOT_FOUND, 'No such banner.');
const retired = () =>
  new AppError(409, bannerErrorCodes.BANNER_RETIRED, 'This banner is retired and stays as it was.');

const values = (input: BannerInput): BannerValues => ({
  link: input.link,
  guestAction: input.guest_action,
  copy: input.copy,
  startsAt: input.starts_at ? new Date(input.starts_at) : null,
  endsAt: input.ends_at ? new Date(input.ends_at) : null,
});

/**
 * The banners (README.md here). The player app's list is read from a per-instance copy of the
 * candidates (not retired, both cuts), filtered by the clock on every request, so a scheduled
 * banner appears the moment its time comes without waiting for the copy to expire. The copy is
 * dropped on every change: this instance's at once, the others' by NOTIFY banners_changed
 * (migration's trigger); `cacheMs` is the backstop for a notice lost while LISTEN was down.
 */
export function createBannersService(deps: {
  db: Database;
  clock: Clock;
  repository: BannersRepository;
  cacheMs: number;
}): BannersService {
  const { db, clock, repository } = deps;
  let cached: { rows: BannerRow[]; expiresAt: number } | undefined;
  let generation = 0;

  const changed = () => {
    generation += 1;
    cached = undefined;
  };

  async function candidates(): Promise<BannerRow[]> {
    const now = Date.now();
    if (cached && cached.expiresAt > now) return cached.rows;
    const readAt = generation;
    const rows = await repository.candidates();
    // A read that raced with a change is used once, not kept.
    if (readAt === generation && deps.cacheMs > 0) cached = { rows, expiresAt: now + deps.cacheMs };
    return rows;
  }

  /** A staff change in one transaction with its audit step; this instance forgets at once. */
  async function change<R>(
    audit: Audit,
    work: (tx: Database) => Promise<{ changed?: BannerChange; result: R }>,
  ): Promise<R> {
    const result = await withStep(db, audit, (tx) =>
      audit ? work(tx) : db.transaction((inner) => work(inner)),
    );
    changed();
    return result;
  }

  async function position(tx: Database, id: string): Promise<number> {
    const rows = await repository.all(tx);
    return toStaffList(rows, clock.now()).find((b) => b.id === id)?.position ?? 0;
  }

  async function editable(tx: Database, id: string): Promise<BannerRow> {
    const row = await repository.lock(tx, id);
    if (!row) throw notFound();
    if (row.retiredAt) throw retired();
    return row;
  }

  async function listIn(tx: Database) {
    const now = clock.now();
    return { data: toStaffList(await repository.all(tx), now), now: now.toISOString() };
  }

  return {
    async live() {
      return liveBanners(await candidates(), clock.now());
    },

    list: () => listIn(db),

    create: (input, audit) =>
      change(audit, async (tx) => {
        const row = await repository.insert(tx, values(input), clock.now());
        return {
          changed: { target: row.id, before: null, after: auditView(row) },
          result: toStaffBanner(row, clock.now(), await position(tx, row.id)),
        };
      }),

    update: (id, input, audit) =>
      change(audit, async (tx) => {
        const before = await editable(tx, id);
        const row = await repository.update(tx, id, { ...values(input), updatedAt: clock.now() });
        return {
          changed: { target: id, before: auditView(before), after: auditView(row) },
          result: toStaffBanner(row, clock.now(), await position(tx, id)),
        };
      }),

    async uploadArt(id, cut, upload, audit) {
      // Decoded before the transaction: no row is locked while libvips works.
      const webp = await toBannerWebp(upload, cut);
      const name = `${randomBytes(16).toString('hex')}.webp`;
      return change(audit, async (tx) => {
        const before = await editable(tx, id);
        await repository.saveArt(tx, { name, bannerId: id, cut, bytes: webp }, clock.now());
        const url = bannerArtPath(name);
        const row = await repository.update(tx, id, {
          ...(cut === 'desktop' ? { desktopArt: url } : { mobileArt: url }),
          updatedAt: clock.now(),
        });
        return {
          changed: { target: id, before: auditView(before), after: auditView(row) },
          result: toStaffBanner(row, clock.now(), await position(tx, id)),
        };
      });
    },

    reorder: (ids, audit) =>
      change(audit, async (tx) => {
        const active = await repository.lockActive(tx);
        const known = new Set(active.map((row) => row.id));
        if (
          new Set(ids).size !== ids.length ||
          ids.length !== known.size ||
          ids.some((id) => !known.has(id))
        ) {
          throw new AppError(
            409,
            bannerErrorCodes.BANNER_ORDER_STALE,
            'The banners changed since this list was loaded: reload it and order them again.',
          );
        }
        const before = active.map((row) => row.id);
        for (const [index, id] of ids.entries()) {
          const row = active.find((candidate) => candidate.id === id);
          if (row && row.position !== index + 1) {
            await repository.update(tx, id, { position: index + 1, updatedAt: clock.now() });
          }
        }
        const result = await listIn(tx);
        if (before.every((id, index) => ids[index] === id)) return { result };
        return { changed: { target: 'order', before: { ids: before }, after: { ids } }, result };
      }),

    retire: (id, audit) =>
      change(audit, async (tx) => {
        const before = await editable(tx, id);
        const row = await repository.update(tx, id, {
          retiredAt: clock.now(),
          updatedAt: clock.now(),
        });
        return {
          changed: { target: id, before: auditView(before), after: auditView(row) },
          result: toStaffBanner(row, clock.now(), 0),
        };
      }),

    art: (name) => repository.art(name),

    changed,
  };
}
