import { createHash, createHmac } from 'node:crypto';
import type { Rng } from '../shared/rng';

/**
 * The provably fair derivation (docs/protocols/provably-fair.md). Round `nonce` of a seed pair
 * reads a stream of bytes: block i (i = 0, 1, …) is HMAC-SHA256(key = server seed as its UTF-8
 * text, message = "{client seed}:{nonce}:{i}"). Each integer in [0, n) takes the next 4 bytes
 * as a big-endian uint32 u; u is rejected and the next 4 bytes taken when u ≥ ⌊2^32 / n⌋ · n,
 * so every value is exactly equally likely. A game draws its integers in a documented order
 * (cards by a forward Fisher–Yates shuffle, one draw per pocket, per ball step, …).
 */
export function fairRng(serverSeed: string, clientSeed: string, nonce: number): Rng {
  let block = 0;
  let bytes = Buffer.alloc(0);
  let offset = 0;
  const next32 = (): number => {
    if (offset + 4 > bytes.length) {
      bytes = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${block}`).digest();
      block += 1;
      offset = 0;
    }
    const value = bytes.readUInt32BE(offset);
    offset += 4;
    return value;
  };
  return {
    int(maxExclusive: number): number {
      if (!Number.isInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > 2 ** 32) {
        throw new RangeError(`fairRng: bad range ${maxExclusive}`);
      }
      const limit = Math.floor(2 ** 32 / maxExclusive) * maxExclusive;
      for (;;) {
        const u = next32();
        if (u < limit) return u % maxExclusive;
      }
    },
  };
}

/** The commitment shown before play: SHA-256 of the server seed's text, in hex. */
export function hashServerSeed(serverSeed: string): string {
  return createHash('sha256').update(serverSeed).digest('hex');
}
