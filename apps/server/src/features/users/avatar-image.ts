import { toWebp } from '../../lib/uploads/webp-image';

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
const formats = new Set(['jpeg', 'png', 'webp', 'gif']);

/**
 * Turns an uploaded picture into the stored avatar: centre-cropped to a 256×256 square, as
 * WebP (lib/uploads/webp-image.ts).
 */
export async function toAvatarWebp(input: Buffer): Promise<Buffer> {
  const { maxDimension, size } = avatarImageLimits;
  return toWebp(input, {
    formats,
    unsupportedMessage: 'The file is not a JPEG, PNG, WebP or GIF image.',
    maxDimension,
    width: size,
    height: size,
    position: 'centre',
    quality: 82,
  });
}
