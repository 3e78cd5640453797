import { authErrorCodes, bannerArtSize, bannerLimits, type BannerCut } from '@casino/contracts';
import type * as SharpModule from 'sharp';
import { AppError } from '../../lib/errors';

/**
 * Judged by content (libvips' sniffing of the bytes), never by file name or Content-Type, as
 * avatars are (users/avatar-image.ts). SVG is refused on purpose: it is a document that can
 * carry script, and libvips' SVG reader is more attack surface than banner art is worth. GIF
 * too: an animated banner would flash in front of the lobby.
 */
const acceptedFormats = new Set(['jpeg', 'png', 'webp']);

/** sharp is loaded on the first upload, not at start-up (decision 055, as avatars). */
let sharpModule: Promise<typeof SharpModule> | undefined;
const loadSharp = async () => (await (sharpModule ??= import('sharp'))).default;

function unsupported(): AppError {
  return new AppError(
    400,
    authErrorCodes.IMAGE_UNSUPPORTED,
    'The file is not a JPEG, PNG or WebP image.',
  );
}

function tooLarge(): AppError {
  const max = bannerLimits.artMaxDimension;
  return new AppError(
    400,
    authErrorCodes.IMAGE_TOO_LARGE,
    `The image is too large: at most ${max}×${max} pixels.`,
  );
}

/**
 * Turns uploaded art into the stored cut: EXIF orientation applied, cropped to fill the cut's
 * size (1600×500 wide, 750×900 phone: the carousel reserves exactly that box, so nothing
 * moves when it arrives), first frame only, re-encoded as WebP with no metadata. Decoding
 * runs in libvips' threads, off the event loop.
 */
export async function toBannerWebp(input: Buffer, cut: BannerCut): Promise<Buffer> {
  let width: number | undefined;
  let height: number | undefined;
  let format: string | undefined;
  const sharp = await loadSharp();
  try {
    // The header only; no pixel limit yet, so a huge image is told apart from a broken one.
    ({ width, height, format } = await sharp(input, { limitInputPixels: false }).metadata());
  } catch {
    throw unsupported();
  }
  if (format === undefined || !acceptedFormats.has(format) || !width || !height) {
    throw unsupported();
  }
  const max = bannerLimits.artMaxDimension;
  if (width > max || height > max) throw tooLarge();
  const size = bannerArtSize[cut];
  try {
    return await sharp(input, { limitInputPixels: max * max, pages: 1 })
      .autoOrient()
      .resize(size.width, size.height, { fit: 'cover', position: 'attention' })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw unsupported();
  }
}
