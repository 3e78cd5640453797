import { eq } from 'drizzle-orm';
import { identityChecks, identityDocumentChunks, identityDocuments } from '../../db/schema';
import { exportedTime, type PersonalDataOwner } from '../../lib/personal-data';
import { createIdentityRepository } from './identity-repository';

/**
 * The identity check is exported with its documents listed (type, size, fingerprint), the
 * files themselves stay with us. On closure the documents go; the check's outcome stays. The
 * stored bytes outside the database go after the commit, through the identity service.
 */
export function identityPersonalData(
  forgetDocuments: (userId: string) => Promise<void>,
): PersonalDataOwner {
  return {
    name: 'identity',
    tables: [identityChecks, identityDocuments, identityDocumentChunks],
    async export(userId, db) {
      const repository = createIdentityRepository(db);
      const [check, documents] = await Promise.all([
        repository.check(userId),
        repository.documents(userId),
      ]);
      return {
        identity: {
          status: check?.status ?? 'not_started',
          reason: check?.rejectReason ?? null,
          submitted_at: exportedTime(check?.submittedAt),
          reviewed_at: exportedTime(check?.reviewedAt),
          documents: documents.map((doc) => ({
            kind: doc.kind,
            content_type: doc.contentType,
            size: doc.size,
            sha256: doc.sha256,
            uploaded_at: exportedTime(doc.uploadedAt),
          })),
        },
      };
    },
    async erase(userId, tx) {
      await tx.delete(identityDocuments).where(eq(identityDocuments.userId, userId));
      await tx.delete(identityDocumentChunks).where(eq(identityDocumentChunks.userId, userId));
      return () => forgetDocuments(userId);
    },
  };
}
