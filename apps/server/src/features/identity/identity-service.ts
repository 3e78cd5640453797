import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  ErrorCode,
  identityErrorCodes,
  identityLimits,
  type IdentityDocument,
  type IdentityDocumentKind,
  type IdentityResponse,
  type IdentityStatus,
  type OperatorIdentityCheck,
} from '@casino/contracts';
import type { Database } from '../../db/database';
import type { InTransaction } from '../../db/in-transaction';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { SharedState } from '../../lib/shared-state/shared-state';
import { toDecimalString } from '../wallet';
import type { CleanDocument } from './document-sanitiser';
import { databaseStorage, type DocumentStorage } from './document-storage';
import {
  createIdentityRepository,
  type DocumentMeta,
  type IdentityCheckRow,
} from './identity-repository';

export interface IdentityServiceDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  /** KYC_WITHDRAWAL_THRESHOLD in thousandths: larger withdrawals need a verified identity. */
  withdrawalThreshold: bigint;
  /** Counts uploads per player across instances (Redis, or in-process for one). */
  shared: SharedState;
  /** Where the bytes go (document-storage.ts); by default the database's chunks. */
  storage?: DocumentStorage;
}

/** A review's caller step: what moved, in the review's transaction. */
export type ReviewStep = InTransaction<{ from: IdentityStatus; to: 'verified' | 'rejected' }>;

export interface IdentityService {
  /** The player's own check, as GET /api/identity answers it. */
  view(userId: string): Promise<IdentityResponse>;
  /**
   * Counts an upload before its body is read: 429 RATE_LIMITED past 20 in an hour for this
   * player (identityLimits.uploadsPerHour), with Retry-After.
   */
  admitUpload(userId: string): Promise<void>;
  /**
   * Stores a document already judged and made safe (document-sanitiser.ts) from its file;
   * both present → pending. 409 once verified.
   */
  upload(
    userId: string,
    kind: IdentityDocumentKind,
    document: CleanDocument,
  ): Promise<IdentityResponse>;
  /** 409 IDENTITY_ALREADY_VERIFIED once verified: asked before an upload is read. */
  assertMayUpload(userId: string): Promise<void>;
  /**
   * Refuses (403 IDENTITY_VERIFICATION_REQUIRED) a withdrawal of `amount` thousandths that
   * needs a verified identity: the first one, or one above the threshold.
   */
  assertMayWithdraw(userId: string, amount: bigint): Promise<void>;
  /** Operator API. */
  list(status: IdentityStatus, limit: number): Promise<OperatorIdentityCheck[]>;
  /** A document's record and its bytes as a stream (read a chunk at a time). */
  document(
    userId: string,
    kind: IdentityDocumentKind,
  ): Promise<DocumentMeta & { content: () => Readable }>;
  /** `audit`: run in the review's transaction when the status moves (decision 081). */
  verify(userId: string, audit?: ReviewStep): Promise<OperatorIdentityCheck>;
  reject(userId: string, reason: string, audit?: ReviewStep): Promise<OperatorIdentityCheck>;
  /** Removes a closed account's stored bytes (its records go with the closure). */
  forgetDocuments(userId: string): Promise<void>;
}

const dollars = (thousandths: bigint) =>
  toDecimalString(thousandths, { scale: 2, rounding: 'floor' });

function documentView(meta: DocumentMeta): IdentityDocument {
  return {
    kind: meta.kind,
    content_type: meta.contentType,
    size: meta.size,
    uploaded_at: meta.uploadedAt.toISOString(),
  };
}

function checkView(row: IdentityCheckRow | undefined, documents: DocumentMeta[]) {
  return {
    status: row?.status ?? 'not_started',
    reason: row?.status === 'rejected' ? (row.rejectReason ?? null) : null,
    documents: documents.map(documentView),
    submitted_at: row?.submittedAt?.toISOString() ?? null,
    reviewed_at: row?.reviewedAt?.toISOString() ?? null,
  };
}

function alreadyVerified(): AppError {
  return new AppError(
    409,
    identityErrorCodes.ALREADY_VERIFIED,
    'Your identity is already verified: there is nothing more to send.',
  );
}

function notFound(): AppError {
  return new AppError(404, identityErrorCodes.NOT_FOUND, 'No such identity check or document.');
}

function notPending(status: IdentityStatus): AppError {
  return new AppError(
    409,
    identityErrorCodes.NOT_PENDING,
    `This identity check is ${status}: only a pending one can be verified or rejected.`,
  );
}

export function createIdentityService(deps: IdentityServiceDeps): IdentityService {
  const repository = createIdentityRepository(deps.db);
  const storage = deps.storage ?? databaseStorage(repository);
  const threshold = dollars(deps.withdrawalThreshold);

  async function operatorView(userId: string): Promise<OperatorIdentityCheck> {
    const check = await repository.checkWithUsername(userId);
    if (!check) throw notFound();
    return {
      user_id: userId,
      username: check.username,
      ...checkView(check, await repository.documents(userId)),
    };
  }

  /** pending → verified or rejected, in one transaction with the row locked. */
  async function review(
    userId: string,
    to: 'verified' | 'rejected',
    reason: string | null,
    audit: ReviewStep | undefined,
  ): Promise<OperatorIdentityCheck> {
    await deps.db.transaction(async (tx) => {
      const repo = createIdentityRepository(tx);
      if (!(await repo.check(userId))) throw notFound();
      const locked = await repo.lockCheck(userId, deps.clock.now());
      // A repeat of the same decision is answered as done (the first reason stays).
      if (locked.status === to) return;
      if (locked.status !== 'pending') throw notPending(locked.status);
      const now = deps.clock.now();
      await repo.update(userId, {
        status: to,
        rejectReason: reason,
        reviewedAt: now,
        updatedAt: now,
      });
      await audit?.(tx, { from: locked.status, to });
    });
    deps.logger.info({ userId, status: to }, 'identity check reviewed');
    return operatorView(userId);
  }

  return {
    async view(userId) {
      const [check, documents, paid] = await Promise.all([
        repository.check(userId),
        repository.documents(userId),
        repository.hasPaidWithdrawal(userId),
      ]);
      return {
        ...checkView(check, documents),
        withdrawal: {
          first_needs_verification: check?.status !== 'verified' && !paid,
          threshold,
        },
      };
    },

    async admitUpload(userId) {
      const key = `identity:uploads:${userId}`;
      const count = await deps.shared.increment(key, 1, 3_600_000);
      if (count > identityLimits.uploadsPerHour) {
        const left = await deps.shared.remainingMs(key);
        throw new AppError(
          429,
          ErrorCode.RATE_LIMITED,
          `At most ${identityLimits.uploadsPerHour} document uploads an hour: try again later.`,
          undefined,
          Math.max(1, Math.ceil(left / 1000)),
        );
      }
    },

    async assertMayUpload(userId) {
      if ((await repository.check(userId))?.status === 'verified') throw alreadyVerified();
    },

    async upload(userId, kind, document) {
      const { contentType, size, sha256 } = document;
      // The bytes first, a chunk per statement and outside the transaction (schema: the
      // embedded database is never held for a whole file); the row then points at them.
      const storageId = randomUUID();
      await storage.write(userId, storageId, document.path);
      let replaced: string | null;
      try {
        replaced = await deps.db.transaction(async (tx) => {
          const repo = createIdentityRepository(tx);
          const now = deps.clock.now();
          const check = await repo.lockCheck(userId, now);
          if (check.status === 'verified') throw alreadyVerified();
          const previous = await repo.saveDocument(userId, {
            kind,
            contentType,
            size,
            sha256,
            storageId,
            uploadedAt: now,
          });
          const kinds = new Set((await repo.documents(userId)).map((d) => d.kind));
          const complete = kinds.has('identity') && kinds.has('address');
          if (complete && check.status !== 'pending') {
            await repo.update(userId, {
              status: 'pending',
              rejectReason: null,
              submittedAt: now,
              reviewedAt: null,
              updatedAt: now,
            });
          } else {
            await repo.update(userId, { updatedAt: now });
          }
          return previous;
        });
      } catch (error) {
        await storage.remove(userId, storageId);
        throw error;
      }
      if (replaced !== null) await storage.remove(userId, replaced);
      // Never the bytes or the file name: the kind, type and size only.
      deps.logger.info({ userId, kind, contentType, size }, 'identity document uploaded');
      return this.view(userId);
    },

    async assertMayWithdraw(userId, amount) {
      const check = await repository.check(userId);
      if (check?.status === 'verified') return;
      const overThreshold = amount > deps.withdrawalThreshold;
      if (!overThreshold && (await repository.hasPaidWithdrawal(userId))) return;
      throw new AppError(
        403,
        identityErrorCodes.VERIFICATION_REQUIRED,
        overThreshold
          ? `Withdrawals above $${threshold} need a verified identity: upload your documents on the verification page first.`
          : 'Your first withdrawal needs a verified identity: upload your documents on the verification page first.',
      );
    },

    async list(status, limit) {
      const rows = await repository.inStatus(status, limit);
      const documents = await repository.documentsOf(rows.map((row) => row.userId));
      return rows.map((row) => ({
        user_id: row.userId,
        username: row.username,
        ...checkView(row, documents.get(row.userId) ?? []),
      }));
    },

    async document(userId, kind) {
      const stored = await repository.document(userId, kind);
      if (!stored) throw notFound();
      const { bytes, storageId, ...meta } = stored;
      return {
        ...meta,
        content: () =>
          bytes !== null
            ? Readable.from([bytes])
            : Readable.from(storage.read(userId, storageId ?? '')),
      };
    },

    verify(userId, audit) {
      return review(userId, 'verified', null, audit);
    },

    reject(userId, reason, audit) {
      return review(userId, 'rejected', reason, audit);
    },

    forgetDocuments(userId) {
      return storage.removeAll(userId);
    },
  };
}
