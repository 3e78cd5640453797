/**
 * The staff member's theme and language, kept in this browser (public/boot.js reads the same
 * keys before the first paint). The back office has its own keys: a player's choices on the
 * same browser are not the staff member's.
 */
export const preferenceKeys = {
  theme: 'orbita.backoffice.theme',
  language: 'orbita.backoffice.lang',
} as const;

export type Theme = 'dark' | 'light';
export type Language = 'en' | 'ru';
export const languages: readonly Language[] = ['en', 'ru'];

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage blocked (private mode): the choice lasts for this page only.
  }
}

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'ru';
}

/** The saved theme, else the system's (dark unless it asks for light, as the players' app). */
export function initialTheme(): Theme {
  const saved = read(preferenceKeys.theme);
  if (saved === 'dark' || saved === 'light') return saved;
  return window.matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark';
}

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.remove('dark', 'light');
  document.documentElement.classList.add(theme);
}

export function saveTheme(theme: Theme): void {
  write(preferenceKeys.theme, theme);
  applyTheme(theme);
}

/** The saved language, else the browser's when it is Russian, else English. */
export function initialLanguage(): Language {
  const saved = read(preferenceKeys.language);
  if (isLanguage(saved)) return saved;
  return navigator.language.toLowerCase().startsWith('ru') ? 'ru' : 'en';
}

export function saveLanguage(language: Language): void {
  write(preferenceKeys.language, language);
}
