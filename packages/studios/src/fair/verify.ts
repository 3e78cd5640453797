import { isDeepStrictEqual } from 'node:util';
import type { GameType } from '../catalog/types';
import { fairRng, hashServerSeed } from './derive';
import type { FairRecord } from './ledger';
import { REPLAY } from './replay';

export type Verdict =
  | { ok: true; outcome: Record<string, unknown> }
  | { ok: false; reason: 'SEED_MISMATCH' | 'OUTCOME_MISMATCH' | 'UNKNOWN_GAME'; outcome?: unknown };

/**
 * Checks one recorded round against its revealed server seed: the seed must hash to the
 * commitment shown before the round, and replaying the game from the seeds and the player's
 * choices must give exactly the recorded outcome and win.
 */
export function verifyRound(record: FairRecord, serverSeed: string): Verdict {
  if (hashServerSeed(serverSeed) !== record.serverSeedHash)
    return { ok: false, reason: 'SEED_MISMATCH' };
  const replay = REPLAY[record.game as GameType] as (typeof REPLAY)[GameType] | undefined;
  if (!replay) return { ok: false, reason: 'UNKNOWN_GAME' };
  let outcome: Record<string, unknown>;
  try {
    outcome = replay(fairRng(serverSeed, record.clientSeed, record.nonce), record.params);
  } catch {
    // The recorded moves are impossible with these cards: not the round that was played.
    return { ok: false, reason: 'OUTCOME_MISMATCH' };
  }
  return isDeepStrictEqual(outcome, record.outcome)
    ? { ok: true, outcome }
    : { ok: false, reason: 'OUTCOME_MISMATCH', outcome };
}
