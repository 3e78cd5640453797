import { create } from 'zustand';

/**
 * The search text, shared by the header's search box, the casino page and the search screen
 * (SPEC §2: "its text is kept in shared state"): typing in one shows in the others.
 */
interface SearchState {
  text: string;
  setText: (text: string) => void;
}

export const useSearchStore = create<SearchState>()((set) => ({
  text: '',
  setText: (text) => set({ text }),
}));
