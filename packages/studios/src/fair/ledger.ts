import type { Rng } from '../shared/rng';
import { TtlStore } from '../shared/ttl-store';
import { fairRng, hashServerSeed } from './derive';

/** What the player sees of a round's randomness before the server seed is revealed. */
export interface FairInputs {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

export interface FairDraw {
  rng: Rng;
  public: FairInputs;
}

/** One finished round as the verifier needs it: inputs, the player's choices, the outcome. */
export interface FairRecord extends FairInputs {
  game: string;
  at: string;
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
}

interface PlayerSeeds {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nextNonce: number;
  /** Server seeds already rotated out, by their hash: public from then on. */
  revealed: Map<string, string>;
  records: FairRecord[];
  /** Rounds drawn but not yet recorded: the seed is not revealed under an open round. */
  open: number;
}

const hex = (rng: Rng, bytes: number): string =>
  Array.from({ length: bytes }, () => rng.int(256).toString(16).padStart(2, '0')).join('');

export const CLIENT_SEED_PATTERN = /^[\x21-\x7e]{1,64}$/;

/**
 * Provably fair seeds per player (docs/protocols/provably-fair.md). The studio commits to
 * SHA-256 of a secret server seed before any round; each round takes the next nonce of the
 * (server seed, client seed) pair; setting a client seed or rotating reveals the old server
 * seed and commits to a new one. Kept in memory for a day without play (a studio restart
 * starts fresh seeds; rounds already played stay verifiable from the records the player saw).
 */
export class FairLedger {
  private readonly players: TtlStore<PlayerSeeds>;

  constructor(
    private readonly rng: Rng,
    private readonly maxRecords = 1_000,
  ) {
    this.players = new TtlStore<PlayerSeeds>(24 * 60 * 60_000, 20_000);
  }

  private seeds(key: string): PlayerSeeds {
    let seeds = this.players.get(key);
    if (!seeds) {
      const serverSeed = hex(this.rng, 32);
      seeds = {
        serverSeed,
        serverSeedHash: hashServerSeed(serverSeed),
        clientSeed: hex(this.rng, 8),
        nextNonce: 0,
        revealed: new Map(),
        records: [],
        open: 0,
      };
      this.players.set(key, seeds);
    }
    return seeds;
  }

  commitment(key: string): FairInputs {
    const s = this.seeds(key);
    return { serverSeedHash: s.serverSeedHash, clientSeed: s.clientSeed, nonce: s.nextNonce };
  }

  /**
   * Reveals the current server seed and commits to a new one; the nonce starts again.
   * Undefined while a round of this player is still open (its seed must stay secret).
   */
  rotate(key: string, clientSeed?: string): { revealed: string; revealedHash: string } | undefined {
    const s = this.seeds(key);
    if (s.open > 0) return undefined;
    const revealed = { revealed: s.serverSeed, revealedHash: s.serverSeedHash };
    s.revealed.set(s.serverSeedHash, s.serverSeed);
    s.serverSeed = hex(this.rng, 32);
    s.serverSeedHash = hashServerSeed(s.serverSeed);
    if (clientSeed !== undefined) s.clientSeed = clientSeed;
    s.nextNonce = 0;
    return revealed;
  }

  nextRound(key: string): FairDraw {
    const s = this.seeds(key);
    const nonce = s.nextNonce;
    s.nextNonce += 1;
    s.open += 1;
    return {
      rng: fairRng(s.serverSeed, s.clientSeed, nonce),
      public: { serverSeedHash: s.serverSeedHash, clientSeed: s.clientSeed, nonce },
    };
  }

  record(
    key: string,
    draw: FairDraw,
    game: string,
    params: Record<string, unknown>,
    outcome: Record<string, unknown>,
  ): void {
    const s = this.seeds(key);
    s.open = Math.max(0, s.open - 1);
    s.records.push({ ...draw.public, game, at: new Date().toISOString(), params, outcome });
    if (s.records.length > this.maxRecords) s.records.shift();
  }

  /** The player's recent rounds, newest first, each with its server seed once revealed. */
  history(key: string): (FairRecord & { serverSeed?: string })[] {
    const s = this.seeds(key);
    return s.records
      .map((r) => {
        const serverSeed = s.revealed.get(r.serverSeedHash);
        return serverSeed ? { ...r, serverSeed } : { ...r };
      })
      .reverse();
  }
}
