import { bannerArtSize, bannerLimits, type BannerCut } from '@casino/contracts';
import { toWebp } from '../../lib/uploads/webp-image';

/**
 * Judged by content, as avatars are (users/avatar-image.ts). SVG is refused on purpose: it is
 * a document that can carry script, and libvips' SVG reader is more attack surface than
 * banner art is worth. GIF too: an animated banner would flash in front of the lobby.
 */
const formats = new Set(['jpeg', 'png', 'webp']);

/**
 * Turns uploaded art into the stored cut: cropped to fill the cut's size (1600×500 wide,
 * 750×900 phone: the carousel reserves exactly that box, so nothing moves when it arrives)
 * around its most interesting part, as WebP (lib/uploads/webp-image.ts).
 */
export async function toBannerWebp(input: Buffer, cut: BannerCut): Promise<Buffer> {
  return toWebp(input, {
    formats,
    unsupportedMessage: 'The file is not a JPEG, PNG or WebP image.',
    maxDimension: bannerLimits.artMaxDimension,
    ...bannerArtSize[cut],
    position: 'attention',
    quality: 80,
  });
}
