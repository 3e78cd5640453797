import type { Game } from '@casino/contracts';
import { create } from 'zustand';

/** The game a guest picked: the Play modal shows it and offers its demo (decision 022). */
interface PlayState {
  game: Game | null;
  choose: (game: Game) => void;
}

export const usePlayStore = create<PlayState>()((set) => ({
  game: null,
  choose: (game) => set({ game }),
}));
