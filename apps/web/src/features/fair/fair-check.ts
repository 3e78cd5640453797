import { extraOf, sameResult } from './fair-result';
import { reproduce, sha256Hex, type FairGame, type Reproduced } from './reproduce';

/** One round to check: what the game committed to and recorded, and the seeds revealed. */
export interface FairRound {
  game: FairGame;
  /** The revealed server seed (64 hex characters). */
  serverSeed: string;
  /** The SHA-256 the game showed before the round (64 hex characters). */
  commitment: string;
  clientSeed: string;
  nonce: number;
  /** What the game recorded for the round. */
  recorded: Reproduced;
}

/** The verdict: each of the two checks on its own, with what the seeds gave. */
export interface FairVerdict {
  /** SHA-256 of the revealed seed, and whether it is the commitment. */
  hash: string;
  commitmentMatches: boolean;
  /** What the seeds draw, and whether it is what the game recorded. */
  reproduced: Reproduced;
  resultMatches: boolean;
}

/**
 * The two checks of docs/protocols/provably-fair.md, step 5: the revealed seed hashes to the
 * commitment shown before the round, and the seeds reproduce the recorded result. Each is
 * answered on its own, so the page can say exactly which fails.
 */
export async function checkRound(round: FairRound): Promise<FairVerdict> {
  const [hash, reproduced] = await Promise.all([
    sha256Hex(round.serverSeed),
    reproduce(round.game, round.serverSeed, round.clientSeed, round.nonce, extraOf(round.recorded)),
  ]);
  return {
    hash,
    commitmentMatches: hash === round.commitment.toLowerCase(),
    reproduced,
    resultMatches: sameResult(reproduced, round.recorded),
  };
}
