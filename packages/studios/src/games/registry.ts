import type { GameType } from '../catalog/types';
import { baccaratPlay } from './baccarat/play';
import { blackjackPlay } from './blackjack/play';
import { crashPlay } from './crash/play';
import { kenoPlay } from './keno/play';
import { minesPlay } from './mines/play';
import type { GameHandler } from './play-kit';
import { plinkoPlay } from './plinko/play';
import { roulettePlay } from './roulette/play';

/** The server side of every game but the slot (which keeps its /spin endpoint). */
export const GAME_HANDLERS: Record<Exclude<GameType, 'slot'>, GameHandler> = {
  roulette: roulettePlay,
  blackjack: blackjackPlay,
  baccarat: baccaratPlay,
  crash: crashPlay,
  mines: minesPlay,
  plinko: plinkoPlay,
  keno: kenoPlay,
};
