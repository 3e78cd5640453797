import { createReadStream } from 'node:fs';
import { createHash } from 'node:crypto';
import {
  identityErrorCodes,
  identityLimits,
  sniffDocumentType,
  type IdentityDocumentType,
} from '@casino/contracts';
import type * as SharpModule from 'sharp';
import { AppError } from '../../lib/errors';
import type { ReceivedFile } from '../../lib/uploads/upload-pipeline';
import { checkPdf, type PdfCheck } from './pdf-check';

/** A document ready to store: a file on disk (re-encoded picture, or the checked PDF). */
export interface CleanDocument {
  path: string;
  contentType: IdentityDocumentType;
  size: number;
  sha256: string;
}

let sharpModule: Promise<typeof SharpModule> | undefined;
// Loaded on the first picture, as for avatars: the slowest module to load (decision 055).
const loadSharp = async () => (await (sharpModule ??= import('sharp'))).default;

function refused(message: string): AppError {
  return new AppError(422, identityErrorCodes.DOCUMENT_REFUSED, message);
}

const pdfRefusals: Record<Exclude<PdfCheck, { ok: true }>['reason'], string> = {
  active:
    'The PDF carries active content (scripts, actions or attached files): send a plain PDF or a photo.',
  html: 'The PDF carries web page content: send a plain PDF or a photo.',
  encrypted: 'The PDF is password-protected: send one without a password, or a photo.',
  unreadable: 'The PDF cannot be read: send another file or a photo.',
};

/** SHA-256 of a file, streamed. */
async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Pictures are re-encoded like avatars (issue 25: a pixel-flood PNG and polyglots were kept as
 * sent): at most 50 megapixels by their header, decoded by libvips in its own threads with the
 * same bound, EXIF orientation applied, scaled down to 4096 px on the longest side, written
 * anew in their own format without metadata (EXIF and GPS dropped). Whatever else the file
 * carried (an appended page, a script) is gone.
 */
async function reencodePicture(file: ReceivedFile, type: 'image/jpeg' | 'image/png') {
  const sharp = await loadSharp();
  let meta;
  try {
    meta = await sharp(file.path, { limitInputPixels: false }).metadata();
  } catch {
    throw refused('The picture cannot be read: send another photo or a PDF.');
  }
  const expected = type === 'image/jpeg' ? 'jpeg' : 'png';
  if (meta.format !== expected || !meta.width || !meta.height) {
    throw refused('The picture cannot be read: send another photo or a PDF.');
  }
  if (meta.width * meta.height > identityLimits.documentMaxPixels) {
    throw refused(
      `The picture is too large: at most ${identityLimits.documentMaxPixels / 1_000_000} megapixels.`,
    );
  }
  const output = `${file.path}.clean`;
  const side = identityLimits.documentMaxSide;
  try {
    const image = sharp(file.path, { limitInputPixels: identityLimits.documentMaxPixels, pages: 1 })
      .autoOrient()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true });
    const info = await (
      type === 'image/jpeg' ? image.jpeg({ quality: 90 }) : image.png({ compressionLevel: 6 })
    ).toFile(output);
    return { path: output, contentType: type, size: info.size, sha256: await sha256Of(output) };
  } catch {
    throw refused('The picture cannot be read: send another photo or a PDF.');
  }
}

/**
 * Judges an upload by its content and makes it safe to keep: 400 empty, 415 not a JPEG, PNG or
 * PDF (by the first bytes, never by name or Content-Type), 422 IDENTITY_DOCUMENT_REFUSED for a
 * picture over the pixel bound or a PDF with active content, a password or HTML (pdf-check.ts).
 * A PDF is kept as sent once checked; a picture is re-encoded.
 */
export async function sanitiseDocument(file: ReceivedFile): Promise<CleanDocument> {
  if (file.size === 0) {
    throw new AppError(400, identityErrorCodes.DOCUMENT_EMPTY, 'The file is empty.');
  }
  const type = sniffDocumentType(file.head);
  if (!type) {
    throw new AppError(
      415,
      identityErrorCodes.DOCUMENT_UNSUPPORTED,
      'The file is not a JPEG, PNG or PDF document.',
    );
  }
  if (type !== 'application/pdf') return reencodePicture(file, type);
  const check = await checkPdf(file.path);
  if (!check.ok) throw refused(pdfRefusals[check.reason]);
  return { path: file.path, contentType: type, size: file.size, sha256: file.sha256 };
}
