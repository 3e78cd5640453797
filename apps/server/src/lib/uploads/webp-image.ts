import { authErrorCodes } from '@casino/contracts';
import type * as SharpModule from 'sharp';
import { AppError } from '../errors';

/** How an uploaded picture (an avatar, a banner's art) becomes the stored WebP. */
export interface WebpCut {
  /**
   * libvips' names of the formats taken. Judged by content (libvips' sniffing of the bytes),
   * never by file name or Content-Type; each use says why its list is that short.
   */
  formats: ReadonlySet<string>;
  /** The answer's message for bytes of no such format, or that do not decode. */
  unsupportedMessage: string;
  /** Wider or taller input is refused before any pixel is decoded. */
  maxDimension: number;
  /** The stored picture's size: the input is cropped to fill it. */
  width: number;
  height: number;
  /** What the crop keeps: the middle, or libvips' most interesting part. */
  position: 'centre' | 'attention';
  quality: number;
}

/**
 * sharp (with libvips) is loaded on the first upload, not at start-up: it is the slowest
 * module to load, and a restart after a crash must answer within seconds (decision 055).
 */
let sharpModule: Promise<typeof SharpModule> | undefined;
const loadSharp = async () => (await (sharpModule ??= import('sharp'))).default;

/**
 * EXIF orientation applied, cropped to fill the cut, first frame only, re-encoded as WebP
 * with no metadata (EXIF, GPS, ICC and comments are dropped: sharp writes none unless asked).
 * Decoding runs in libvips' threads, off the event loop.
 */
export async function toWebp(input: Buffer, cut: WebpCut): Promise<Buffer> {
  const unsupported = () =>
    new AppError(400, authErrorCodes.IMAGE_UNSUPPORTED, cut.unsupportedMessage);
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
  if (format === undefined || !cut.formats.has(format) || !width || !height) {
    throw unsupported();
  }
  const max = cut.maxDimension;
  if (width > max || height > max) {
    throw new AppError(
      400,
      authErrorCodes.IMAGE_TOO_LARGE,
      `The image is too large: at most ${max}×${max} pixels.`,
    );
  }
  try {
    // A second guard, in case the header lied about the size.
    return await sharp(input, { limitInputPixels: max * max, pages: 1 })
      .autoOrient()
      .resize(cut.width, cut.height, { fit: 'cover', position: cut.position })
      .webp({ quality: cut.quality })
      .toBuffer();
  } catch {
    throw unsupported();
  }
}
