import { failure, instantRound, isChip, type GameHandler } from '../play-kit';
import type { BaccaratStakes } from './math';

/** {action: "deal", stakes: {player?, banker?, tie?}}: each a chip; one wallet bet for the total. */
export const baccaratPlay: GameHandler = {
  act(session, body, deps) {
    const raw = (body['stakes'] ?? {}) as Record<string, unknown>;
    const stakes: BaccaratStakes = {};
    for (const side of ['player', 'banker', 'tie'] as const) {
      const v = raw[side];
      if (v === undefined || v === 0) continue;
      if (!isChip(v)) return Promise.resolve(failure(session, 'BAD_BET'));
      stakes[side] = v;
    }
    const total = (stakes.player ?? 0) + (stakes.banker ?? 0) + (stakes.tie ?? 0);
    if (total === 0) return Promise.resolve(failure(session, 'BAD_BET'));
    return instantRound(session, deps, 'baccarat', total, { stakes });
  },
};
