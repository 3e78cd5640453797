import { pageCookies, storageKeys, themes, type Theme } from '@casino/contracts';
import { create } from 'zustand';
import { writePreferenceCookie } from '../../shared/lib/preference-cookie';
import { readStorage, writeStorage } from '../../shared/lib/storage';

const darkSchemeQuery = '(prefers-color-scheme: dark)';
const themeColors: Record<Theme, string> = { dark: '#0E1020', light: '#F4F5FA' };

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (themes as readonly string[]).includes(value);
}

export function getSystemTheme(): Theme {
  if (typeof window.matchMedia !== 'function') return 'dark';
  return window.matchMedia(darkSchemeQuery).matches ? 'dark' : 'light';
}

function getSavedTheme(): Theme | null {
  const saved = readStorage(storageKeys.theme);
  return isTheme(saved) ? saved : null;
}

/** Puts the theme class on <html> (the tokens hang off it) and tints the browser chrome. */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.remove(...themes);
  root.classList.add(theme);
  root.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', themeColors[theme]);
}

interface ThemeState {
  theme: Theme;
  /** Switches and saves the theme (the player's explicit choice). */
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
}

export const useThemeStore = create<ThemeState>()((set, get) => ({
  theme: getSavedTheme() ?? getSystemTheme(),
  setTheme: (theme) => {
    writeStorage(storageKeys.theme, theme);
    writePreferenceCookie(pageCookies.theme, theme);
    applyTheme(theme);
    set({ theme });
  },
  toggleTheme: () => get().setTheme(get().theme === 'dark' ? 'light' : 'dark'),
}));

/**
 * Applies the current theme and keeps it in step with other tabs (the `storage` event fires
 * in every other tab of the origin when one saves) and, until the player picks a theme, with
 * the system's preference. Returns the unsubscribe function.
 */
export function syncTheme(): () => void {
  applyTheme(useThemeStore.getState().theme);
  // The server paints the next page in the saved theme (a choice saved before the cookie
  // existed, or in another tab, is copied here); without one the page follows the system.
  writePreferenceCookie(pageCookies.theme, getSavedTheme());

  const follow = (theme: Theme) => {
    applyTheme(theme);
    useThemeStore.setState({ theme });
  };

  const onStorage = (event: StorageEvent) => {
    if (event.key !== storageKeys.theme && event.key !== null) return;
    writePreferenceCookie(pageCookies.theme, getSavedTheme());
    if (isTheme(event.newValue)) follow(event.newValue);
    else if (getSavedTheme() === null) follow(getSystemTheme());
  };
  window.addEventListener('storage', onStorage);

  const media = typeof window.matchMedia === 'function' ? window.matchMedia(darkSchemeQuery) : null;
  const onSystemChange = () => {
    if (getSavedTheme() === null) follow(getSystemTheme());
  };
  media?.addEventListener('change', onSystemChange);

  return () => {
    window.removeEventListener('storage', onStorage);
    media?.removeEventListener('change', onSystemChange);
  };
}
