import { failure, instantRound, isChip, type GameHandler } from '../play-kit';
import { PLINKO_PAYS } from './math';

/** {action: "drop", bet, risk: "low" | "medium" | "high"}. */
export const plinkoPlay: GameHandler = {
  act(session, body, deps) {
    const bet = body['bet'];
    const risk = body['risk'];
    if (!isChip(bet) || typeof risk !== 'string' || !(risk in PLINKO_PAYS)) {
      return Promise.resolve(failure(session, 'BAD_BET'));
    }
    return instantRound(session, deps, 'plinko', bet, { bet, risk: risk });
  },
};
