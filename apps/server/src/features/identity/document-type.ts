import type { IdentityDocumentType } from '@casino/contracts';

/**
 * The type of an uploaded document is judged by its first bytes only (contracts'
 * sniffDocumentType, which the web app also applies before it uploads): the file name and the
 * part's Content-Type are the sender's word and are ignored.
 */
export { sniffDocumentType } from '@casino/contracts';

/** The extension of the operator's download name. */
export const extensionOf: Record<IdentityDocumentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};
