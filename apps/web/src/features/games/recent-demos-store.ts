import { limits, type Game } from '@casino/contracts';
import { create } from 'zustand';
import { readStorage, writeStorage } from '../../shared/lib/storage';
import { toGame } from './api/game-guards';

/** Local storage key of the demo history (this device only; decision 022). */
export const recentDemosKey = 'recentDemos';

function read(): Game[] {
  try {
    const stored: unknown = JSON.parse(readStorage(recentDemosKey) ?? '[]');
    if (!Array.isArray(stored)) return [];
    return stored
      .map(toGame)
      .filter((game): game is Game => game !== null)
      .slice(0, limits.gamePageSize);
  } catch {
    return [];
  }
}

interface RecentDemosState {
  /** Newest first, at most one page (20). */
  games: Game[];
  add: (game: Game) => void;
}

/**
 * The games this device opened in demo mode: the casino's "Recent demos" tab. The server keeps
 * only real-money launches (a guest has no account to keep them in), so the demos a guest
 * plays are remembered here.
 */
export const useRecentDemos = create<RecentDemosState>()((set, get) => ({
  games: read(),
  add: (game) => {
    const games = [game, ...get().games.filter((known) => known.id !== game.id)].slice(
      0,
      limits.gamePageSize,
    );
    writeStorage(recentDemosKey, JSON.stringify(games));
    set({ games });
  },
}));
