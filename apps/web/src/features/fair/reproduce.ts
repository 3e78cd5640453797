/**
 * The lobby's own provably fair verifier for the studios' games (docs/protocols/
 * provably-fair.md): it needs nothing from the studio but the revealed server seed, the
 * client seed and the nonce, and runs the documented derivation in the browser with Web
 * Crypto. Deliberately independent of the studios' code, as a player's own check would be.
 */
export type FairGame =
  'slot' | 'roulette' | 'blackjack' | 'baccarat' | 'crash' | 'mines' | 'plinko' | 'keno';

export const FAIR_GAMES: readonly FairGame[] = [
  'roulette',
  'blackjack',
  'baccarat',
  'crash',
  'mines',
  'plinko',
  'keno',
  'slot',
];

const encoder = new TextEncoder();

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** int(n): uniform in [0, n) from HMAC-SHA256(server seed, "client:nonce:block"), 4 bytes a try. */
export async function fairStream(serverSeed: string, clientSeed: string, nonce: number) {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  let block = 0;
  let bytes = new DataView(new ArrayBuffer(0));
  let at = 0;
  const next32 = async (): Promise<number> => {
    if (at + 4 > bytes.byteLength) {
      const mac = await crypto.subtle.sign(
        'HMAC',
        key,
        encoder.encode(`${clientSeed}:${nonce}:${block}`),
      );
      block += 1;
      bytes = new DataView(mac);
      at = 0;
    }
    const u = bytes.getUint32(at);
    at += 4;
    return u;
  };
  return async (n: number): Promise<number> => {
    const limit = Math.floor(2 ** 32 / n) * n;
    for (;;) {
      const u = await next32();
      if (u < limit) return u % n;
    }
  };
}

type Int = (n: number) => Promise<number>;

async function shuffled(int: Int, n: number, count: number): Promise<number[]> {
  const a = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < count; i++) {
    const j = i + (await int(n - i));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a.slice(0, count);
}

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♠', '♥', '♦', '♣'];
export const cardLabel = (card: number): string =>
  `${RANKS[card % 13]}${SUITS[Math.floor(card / 13)]}`;

export type Reproduced =
  | { game: 'roulette'; pocket: number }
  | { game: 'crash'; crash: number }
  | { game: 'blackjack' | 'baccarat'; cards: number[] }
  | { game: 'mines'; mines: number[] }
  | { game: 'plinko'; path: number[]; bin: number }
  | { game: 'keno'; drawn: number[] }
  | { game: 'slot'; stops: number[] };

/** What the round drew: `extra` is the mine count (mines) or the cards to show (card games). */
export async function reproduce(
  game: FairGame,
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  extra?: number,
): Promise<Reproduced> {
  const int = await fairStream(serverSeed, clientSeed, nonce);
  switch (game) {
    case 'roulette':
      return { game, pocket: await int(37) };
    case 'crash': {
      const u = await int(2 ** 32);
      return { game, crash: Math.max(100, Math.floor((97 * 2 ** 32) / (2 ** 32 - u))) };
    }
    case 'blackjack':
      return { game, cards: (await shuffled(int, 312, extra ?? 12)).map((k) => k % 52) };
    case 'baccarat':
      return { game, cards: (await shuffled(int, 416, extra ?? 6)).map((k) => k % 52) };
    case 'mines':
      return { game, mines: (await shuffled(int, 25, extra ?? 3)).sort((a, b) => a - b) };
    case 'plinko': {
      const path: number[] = [];
      for (let i = 0; i < 12; i++) path.push(await int(2));
      return { game, path, bin: path.reduce((a, b) => a + b, 0) };
    }
    case 'keno':
      return { game, drawn: (await shuffled(int, 40, 10)).map((k) => k + 1) };
    case 'slot': {
      const stops: number[] = [];
      for (const length of [24, 25, 25, 25, 22]) stops.push(await int(length));
      return { game, stops };
    }
  }
}
