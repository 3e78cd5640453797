import type { IdentityDocumentType } from '@casino/contracts';

/**
 * The type of an uploaded document, judged by its first bytes only: the file name and the
 * part's Content-Type are the sender's word and are ignored. Undefined for anything else.
 *
 * - JPEG: FF D8 FF (start of image, then a marker)
 * - PNG: the 8-byte signature 89 50 4E 47 0D 0A 1A 0A
 * - PDF: "%PDF-" (PDF 1.x and 2.0 both start so; readers accept junk before it, we do not)
 */
export function sniffDocumentType(bytes: Uint8Array): IdentityDocumentType | undefined {
  const starts = (signature: readonly number[]) =>
    bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return undefined;
}

/** The extension of the operator's download name. */
export const extensionOf: Record<IdentityDocumentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};
