import { bannerLimits, type PublicBanner } from '@casino/contracts';
import type { StaffBanner, StaffBannerState } from '@casino/contracts/operator';
import type { BannerRow } from './banners-repository';

/** Live now: not retired, both cuts, and the clock within [starts_at, ends_at). */
export function bannerState(row: BannerRow, now: Date): StaffBannerState {
  if (row.retiredAt) return 'retired';
  if (!row.desktopArt || !row.mobileArt) return 'incomplete';
  if (row.startsAt && row.startsAt.getTime() > now.getTime()) return 'scheduled';
  if (row.endsAt && row.endsAt.getTime() <= now.getTime()) return 'ended';
  return 'live';
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export function toPublicBanner(row: BannerRow): PublicBanner {
  return {
    id: row.id,
    desktop: row.desktopArt ?? '',
    mobile: row.mobileArt ?? '',
    link: row.link,
    guest_action: row.guestAction ?? null,
    copy: row.copy,
  };
}

/** The live banners of `candidates` (in order) at `now`, at most `liveMax`. */
export function liveBanners(candidates: readonly BannerRow[], now: Date): PublicBanner[] {
  return candidates
    .filter((row) => bannerState(row, now) === 'live')
    .slice(0, bannerLimits.liveMax)
    .map(toPublicBanner);
}

/** The back office's view; `position` counts among the banners not retired (1, 2, …). */
export function toStaffBanner(row: BannerRow, now: Date, position: number): StaffBanner {
  return {
    ...toPublicBanner(row),
    desktop: row.desktopArt,
    mobile: row.mobileArt,
    position,
    starts_at: iso(row.startsAt),
    ends_at: iso(row.endsAt),
    retired_at: iso(row.retiredAt),
    state: bannerState(row, now),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Every banner for the back office, numbered in order (retired ones after, numbered 0). */
export function toStaffList(rows: readonly BannerRow[], now: Date): StaffBanner[] {
  let position = 0;
  return rows.map((row) => toStaffBanner(row, now, row.retiredAt ? 0 : ++position));
}

/** What an audit row keeps of a banner: everything but the timestamps of the row itself. */
export function auditView(row: BannerRow) {
  return {
    position: row.position,
    link: row.link,
    guest_action: row.guestAction,
    copy: row.copy,
    desktop: row.desktopArt,
    mobile: row.mobileArt,
    starts_at: iso(row.startsAt),
    ends_at: iso(row.endsAt),
    retired_at: iso(row.retiredAt),
  };
}
