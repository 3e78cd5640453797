import { randomUUID } from 'node:crypto';
import { authErrorCodes, authFieldMessages } from '@casino/contracts';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contentVersions, termsAcceptances } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';

/**
 * MIN_AGE, TERMS_VERSION and PRIVACY_VERSION (config). The two versions stand until the back
 * office publishes one (decision 092); then the latest published version is the current one.
 */
export interface TermsPolicy {
  minAge: number;
  termsVersion: string;
  privacyVersion: string;
}

export interface CurrentVersions {
  termsVersion: string;
  privacyVersion: string;
}

/** Today's versions: the latest published in the back office, else the configured ones. */
export async function currentVersions(db: Database, policy: TermsPolicy): Promise<CurrentVersions> {
  const rows = await db
    .select({ slug: contentVersions.slug, version: contentVersions.version })
    .from(contentVersions)
    .where(inArray(contentVersions.slug, ['terms', 'privacy']))
    .orderBy(desc(contentVersions.publishedAt));
  const latest = (slug: string) => rows.find((r) => r.slug === slug)?.version;
  return {
    termsVersion: latest('terms') ?? policy.termsVersion,
    privacyVersion: latest('privacy') ?? policy.privacyVersion,
  };
}

/** Whole years between a YYYY-MM-DD birth date and `today`, by the UTC calendar. */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [year = 0, month = 1, day = 1] = dateOfBirth.split('-').map(Number);
  const m = today.getUTCMonth() + 1;
  const d = today.getUTCDate();
  const birthdayPassed = m > month || (m === month && d >= day);
  return today.getUTCFullYear() - year - (birthdayPassed ? 0 : 1);
}

/** 400 UNDER_AGE on dateOfBirth, with the minimum in the message, for anyone younger. */
export function assertOldEnough(dateOfBirth: string, now: Date, minAge: number): void {
  if (ageOn(dateOfBirth, now) >= minAge) return;
  throw new AppError(
    400,
    authErrorCodes.UNDER_AGE,
    `You must be at least ${minAge} years old to play here.`,
    [{ path: 'dateOfBirth', message: authFieldMessages.underAge }],
  );
}

export interface TermsService {
  policy: TermsPolicy;
  /**
   * Records that the player accepted today's versions (pass the transaction that needs it).
   * Today's versions are read at the moment of acceptance, so a version published meanwhile
   * is the one asked for at the next sign-in.
   */
  record(userId: string, ip: string, tx?: Database): Promise<void>;
  /**
   * At login: a player whose last acceptance is not today's versions must accept them, sent as
   * `accept`; without it the answer is 409 TERMS_NOT_ACCEPTED and no session is opened.
   */
  ensureAccepted(userId: string, accept: boolean | undefined, ip: string): Promise<void>;
}

export function createTermsService(deps: {
  db: Database;
  clock: Clock;
  policy: TermsPolicy;
}): TermsService {
  const { policy } = deps;
  const service: TermsService = {
    policy,
    async record(userId, ip, tx) {
      const db = tx ?? deps.db;
      const versions = await currentVersions(db, policy);
      await db.insert(termsAcceptances).values({
        id: randomUUID(),
        userId,
        ...versions,
        acceptedAt: deps.clock.now(),
        ip,
      });
    },
    async ensureAccepted(userId, accept, ip) {
      const [last] = await deps.db
        .select({
          termsVersion: termsAcceptances.termsVersion,
          privacyVersion: termsAcceptances.privacyVersion,
        })
        .from(termsAcceptances)
        .where(eq(termsAcceptances.userId, userId))
        .orderBy(desc(termsAcceptances.acceptedAt))
        .limit(1);
      const now = await currentVersions(deps.db, policy);
      const current =
        last?.termsVersion === now.termsVersion && last.privacyVersion === now.privacyVersion;
      if (current) return;
      if (accept !== true) {
        throw new AppError(
          409,
          authErrorCodes.TERMS_NOT_ACCEPTED,
          `The Terms & Conditions (version ${now.termsVersion}) and the Privacy Policy (version ${now.privacyVersion}) have changed: accept them to sign in.`,
        );
      }
      await service.record(userId, ip);
    },
  };
  return service;
}
