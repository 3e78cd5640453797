import { failure, instantRound, isChip, type GameHandler } from '../play-kit';
import { KENO_MAX_PICKS, KENO_NUMBERS } from './math';

/** {action: "draw", bet, picks: 1–10 distinct numbers of 1–40}. */
export const kenoPlay: GameHandler = {
  act(session, body, deps) {
    const bet = body['bet'];
    const picks = body['picks'];
    const valid =
      Array.isArray(picks) &&
      picks.length >= 1 &&
      picks.length <= KENO_MAX_PICKS &&
      new Set(picks).size === picks.length &&
      picks.every((n) => Number.isInteger(n) && n >= 1 && n <= KENO_NUMBERS);
    if (!isChip(bet) || !valid) return Promise.resolve(failure(session, 'BAD_BET'));
    const sorted = [...(picks as number[])].sort((a, b) => a - b);
    return instantRound(session, deps, 'keno', bet, { bet, picks: sorted });
  },
};
