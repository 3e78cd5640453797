import { z } from 'zod';
import { twoFactorCodeSchema } from './two-factor';

/**
 * The identity check (KYC, issue 15; docs/decisions/052): the player uploads an identity
 * document and a proof of address, an operator verifies or rejects them. Withdrawals above
 * the configured amount, and the first withdrawal, need a verified identity.
 */
export const identityStatuses = ['not_started', 'pending', 'verified', 'rejected'] as const;
export type IdentityStatus = (typeof identityStatuses)[number];

/** The two documents asked for: path segment of the upload route and of the operator's read. */
export const identityDocumentKinds = ['identity', 'address'] as const;
export type IdentityDocumentKind = (typeof identityDocumentKinds)[number];

/** Types accepted, judged by the file's first bytes on the server (never by name or header). */
export const identityDocumentTypes = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type IdentityDocumentType = (typeof identityDocumentTypes)[number];

/**
 * The type of a document judged by its first bytes only (the server's rule, which the web app
 * applies before uploading): a file name or a declared type is the sender's word.
 *
 * - JPEG: FF D8 FF (start of image, then a marker)
 * - PNG: the 8-byte signature 89 50 4E 47 0D 0A 1A 0A
 * - PDF: "%PDF-" (readers accept junk before it; we do not)
 */
export function sniffDocumentType(bytes: Uint8Array): IdentityDocumentType | undefined {
  const starts = (signature: readonly number[]) =>
    bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return undefined;
}

/** Bytes sniffDocumentType needs to see. */
export const documentSniffBytes = 8;

export const identityLimits = {
  /** A document picture's largest size in pixels (width × height): 50 megapixels. */
  documentMaxPixels: 50_000_000,
  /** Its longest side as stored: larger pictures are scaled down to this. */
  documentMaxSide: 4096,
  /** Largest document file: 10 MiB (a phone photo or a scanned PDF page). */
  documentMaxBytes: 10 * 1024 * 1024,
  /** The operator's reason for a rejection, shown to the player as written. */
  reasonMaxLength: 500,
  /**
   * Uploads per player per hour (both documents, with retakes, take a handful): each one is up
   * to 10 MiB written to the database, so a script cannot churn it.
   */
  uploadsPerHour: 20,
} as const;

export const identityErrorCodes = {
  /** Not a JPEG, PNG or PDF by its content (whatever its name or Content-Type say). */
  DOCUMENT_UNSUPPORTED: 'IDENTITY_DOCUMENT_UNSUPPORTED',
  /** An empty file. */
  DOCUMENT_EMPTY: 'IDENTITY_DOCUMENT_EMPTY',
  /**
   * A JPEG, PNG or PDF that is not accepted as it is (issue 25): a picture of too many pixels
   * or one that does not decode; a PDF with active content (JavaScript, actions, embedded
   * files, XFA, HTML), a password, or that does not parse.
   */
  DOCUMENT_REFUSED: 'IDENTITY_DOCUMENT_REFUSED',
  /** The multipart body has no part named "file". */
  DOCUMENT_MISSING: 'IDENTITY_DOCUMENT_MISSING',
  /** An upload after the identity was verified: nothing more to send. */
  ALREADY_VERIFIED: 'IDENTITY_ALREADY_VERIFIED',
  /** The operator's verify or reject of a check that is not pending. */
  NOT_PENDING: 'IDENTITY_NOT_PENDING',
  /** No such check or document (operator API). */
  NOT_FOUND: 'IDENTITY_NOT_FOUND',
  /** A withdrawal that needs a verified identity first. */
  VERIFICATION_REQUIRED: 'IDENTITY_VERIFICATION_REQUIRED',
} as const;

export const identityDocumentSchema = z.object({
  kind: z.enum(identityDocumentKinds),
  /** The type sniffed from the content. */
  content_type: z.enum(identityDocumentTypes),
  size: z.number().int().positive(),
  uploaded_at: z.string(),
});
export type IdentityDocument = z.infer<typeof identityDocumentSchema>;

/** GET /api/identity: the player's own check, and when a withdrawal needs it. */
export const identityResponseSchema = z.object({
  status: z.enum(identityStatuses),
  /** The operator's reason, only when rejected. */
  reason: z.string().nullable(),
  documents: z.array(identityDocumentSchema),
  submitted_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  withdrawal: z.object({
    /** True until the identity is verified and the player has no withdrawal paid out yet. */
    first_needs_verification: z.boolean(),
    /** Withdrawals above this amount (dollars, "2000.00") need a verified identity. */
    threshold: z.string(),
  }),
});
export type IdentityResponse = z.infer<typeof identityResponseSchema>;

export const identityDocumentParamsSchema = z.object({ kind: z.enum(identityDocumentKinds) });

/** Operator API. */
export const operatorIdentityQuerySchema = z.object({
  status: z.enum(identityStatuses).default('pending'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const operatorIdentityCheckSchema = z.object({
  user_id: z.uuid(),
  username: z.string(),
  status: z.enum(identityStatuses),
  reason: z.string().nullable(),
  documents: z.array(identityDocumentSchema),
  submitted_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
});
export type OperatorIdentityCheck = z.infer<typeof operatorIdentityCheckSchema>;

export const operatorIdentityListSchema = z.object({ data: z.array(operatorIdentityCheckSchema) });

export const operatorIdentityParamsSchema = z.object({ userId: z.uuid() });
export const operatorIdentityDocumentParamsSchema = z.object({
  userId: z.uuid(),
  kind: z.enum(identityDocumentKinds),
});

export const operatorIdentityRejectSchema = z.object({
  reason: z.string().trim().min(1).max(identityLimits.reasonMaxLength),
});

/**
 * Account closure and data export (docs/decisions/053).
 */
export const accountErrorCodes = {
  /** Closure refused: money on the balance (cash or bonus). */
  CLOSE_BALANCE_NOT_ZERO: 'ACCOUNT_CLOSE_BALANCE_NOT_ZERO',
  /** Closure refused: a withdrawal still on its way. */
  CLOSE_WITHDRAWAL_PENDING: 'ACCOUNT_CLOSE_WITHDRAWAL_PENDING',
} as const;

export const closeAccountRequestSchema = z.object({
  password: z.string().min(1).max(256),
  /** Required while two-factor sign-in is on (docs/decisions/051). */
  twoFactorCode: twoFactorCodeSchema.optional(),
});
export type CloseAccountRequest = z.infer<typeof closeAccountRequestSchema>;

export const closeAccountResponseSchema = z.object({ closed_at: z.string() });

export type IdentityErrorCode = (typeof identityErrorCodes)[keyof typeof identityErrorCodes];
export type AccountErrorCode = (typeof accountErrorCodes)[keyof typeof accountErrorCodes];
