import { randomInt } from 'node:crypto';

/** A source of uniform integers. The studio's outcomes come from one of these, never from the browser. */
export interface Rng {
  /** A uniform integer in [0, maxExclusive). */
  int(maxExclusive: number): number;
}

/** Production randomness: the operating system's CSPRNG. */
export const cryptoRng: Rng = {
  int: (maxExclusive) => randomInt(maxExclusive),
};

/**
 * xoshiro128** seeded from a 32-bit seed (splitmix32 expands it), for reproducible tests and
 * for the deterministic catalog. Fast enough for a million spins in well under a second.
 */
export function seededRng(seed: number): Rng & { next32(): number } {
  let x = seed >>> 0;
  const split = (): number => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = split();
  let b = split();
  let c = split();
  let d = split();
  const next32 = (): number => {
    const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return result;
  };
  return {
    next32,
    // Multiply-shift maps 32 random bits onto [0, n) with a bias below 2^-32 * n, far
    // beneath anything a test or a catalog can see.
    int: (maxExclusive) => Math.floor((next32() / 4294967296) * maxExclusive),
  };
}

function rotl(v: number, k: number): number {
  return ((v << k) | (v >>> (32 - k))) >>> 0;
}

/** A stable 32-bit seed from a string (FNV-1a), so a game's art and metadata follow its id. */
export function seedFromString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
