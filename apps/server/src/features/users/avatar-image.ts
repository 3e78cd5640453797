import { authErrorCodes } from '@casino/contracts';
import type * as SharpModule from 'sharp';
import { AppError } from '../../lib/errors';

export const avatarImageLimits = {
  /** Wider or taller input is refused before any pixel is decoded. */
  maxDimension: 4096,
  /** The stored picture: a square this many pixels wide. */
  size: 256,
} as const;

/**
 * Judged by content (libvips' sniffing of the bytes), never by file name or Content-Type.
 * libvips here also reads SVG (librsvg), TIFF, HEIF/AVIF and more; each is more attack
 * surface than a profile picture is worth, so only these four pass.
 */
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif']);

/**
 * sharp (with libvips) is loaded on the first upload, not at start-up: it is the slowest
 * module to load, and a restart after a crash must answer within seconds (decision 055).
 */
let sharpModule: Promise<typeof SharpModule> | undefined;
const loadSharp = async () => (await (sharpModule ??= import('sharp'))).default;

function unsupported(): AppError {
  return new AppError(
    400,
    authErrorCodes.IMAGE_UNSUPPORTED,
    'The file is not a JPEG, PNG, WebP or GIF image.',
  );
}

function tooLarge(): AppError {
  const { maxDimension } = avatarImageLimits;
  return new AppError(
    400,
    authErrorCodes.IMAGE_TOO_LARGE,
    `The image is too large: at most ${maxDimension}×${maxDimension} pixels.`,
  );
}

/**
 * Turns an uploaded picture into the stored avatar: EXIF orientation applied, centre-cropped
 * to a 256×256 square, first frame only, re-encoded as WebP with no metadata (EXIF, GPS, ICC
 * and comments are dropped: sharp writes none unless asked). Decoding runs in libvips'
 * threads, off the event loop.
 */
export async function toAvatarWebp(input: Buffer): Promise<Buffer> {
  let width: number | undefined;
  let height: number | undefined;
  let format: string | undefined;
  const sharp = await loadSharp();
  try {
    // Reads the header only. No pixel limit here: sharp would refuse a large image with
    // the same error as a broken one, and we want to tell the two apart.
    ({ width, height, format } = await sharp(input, { limitInputPixels: false }).metadata());
  } catch {
    throw unsupported();
  }
  if (format === undefined || !acceptedFormats.has(format) || !width || !height) {
    throw unsupported();
  }
  const { maxDimension, size } = avatarImageLimits;
  if (width > maxDimension || height > maxDimension) throw tooLarge();

  try {
    return await sharp(input, {
      // A second guard, in case the header lied about the size.
      limitInputPixels: maxDimension * maxDimension,
      pages: 1,
    })
      .autoOrient()
      .resize(size, size, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw unsupported();
  }
}
