import { failure, instantRound, isChip, type GameHandler } from '../play-kit';
import { ROULETTE_SPOTS, type RouletteStake } from './math';

/** At most this many spots and this total per spin (thousandths). */
export const ROULETTE_MAX_SPOTS = 40;
export const ROULETTE_MAX_TOTAL = 200_000;

/** {action: "spin", stakes: [{spot: "split:1-2", amount: 1000}, …]}: one wallet bet for the total. */
export const roulettePlay: GameHandler = {
  act(session, body, deps) {
    const raw = body['stakes'];
    if (!Array.isArray(raw) || raw.length === 0 || raw.length > ROULETTE_MAX_SPOTS) {
      return Promise.resolve(failure(session, 'BAD_BET'));
    }
    const stakes: RouletteStake[] = [];
    for (const item of raw as unknown[]) {
      const spot = (item as { spot?: unknown } | null)?.spot;
      const amount = (item as { amount?: unknown } | null)?.amount;
      if (typeof spot !== 'string' || !ROULETTE_SPOTS.has(spot) || !isChip(amount)) {
        return Promise.resolve(failure(session, 'BAD_BET'));
      }
      stakes.push({ spot, amount });
    }
    const total = stakes.reduce((s, x) => s + x.amount, 0);
    if (total > ROULETTE_MAX_TOTAL) return Promise.resolve(failure(session, 'BAD_BET'));
    return instantRound(session, deps, 'roulette', total, { stakes });
  },
};
