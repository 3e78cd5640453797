import { storageKeys } from '@casino/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncTheme, useThemeStore } from './theme-store';

let stop: () => void = () => undefined;

beforeEach(() => {
  useThemeStore.setState({ theme: 'dark' });
});

afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

function storageEvent(newValue: string | null) {
  window.dispatchEvent(new StorageEvent('storage', { key: storageKeys.theme, newValue }));
}

describe('theme store', () => {
  it('puts the theme class on <html> and saves the toggled theme', () => {
    stop = syncTheme();
    expect(document.documentElement.classList.contains('dark')).toBe(true);

    useThemeStore.getState().toggleTheme();
    expect(useThemeStore.getState().theme).toBe('light');
    expect(document.documentElement.classList.contains('light')).toBe(true);
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem(storageKeys.theme)).toBe('light');
  });

  it('copies the saved theme into the cookie the server paints the next page with', () => {
    const cookie = () => /(?:^|; )theme=([^;]*)/.exec(document.cookie)?.[1];
    localStorage.removeItem(storageKeys.theme);
    stop = syncTheme();
    // Nothing saved: no cookie, the page follows the system (decision 057).
    expect(cookie()).toBeUndefined();
    useThemeStore.getState().setTheme('light');
    expect(cookie()).toBe('light');
    useThemeStore.getState().setTheme('dark');
    expect(cookie()).toBe('dark');
    // A choice saved before the cookie existed is copied at start-up.
    stop();
    document.cookie = 'theme=; path=/; max-age=0';
    localStorage.setItem(storageKeys.theme, 'light');
    stop = syncTheme();
    expect(cookie()).toBe('light');
  });

  it('follows a theme saved in another tab', () => {
    stop = syncTheme();
    localStorage.setItem(storageKeys.theme, 'light');
    storageEvent('light');
    expect(useThemeStore.getState().theme).toBe('light');
    expect(document.documentElement.className).toBe('light');

    storageEvent('dark');
    expect(useThemeStore.getState().theme).toBe('dark');
    expect(document.documentElement.className).toBe('dark');
  });

  it('ignores other keys', () => {
    stop = syncTheme();
    window.dispatchEvent(new StorageEvent('storage', { key: 'lang', newValue: 'light' }));
    expect(useThemeStore.getState().theme).toBe('dark');
  });

  it('treats a junk value like no choice: the system preference applies', () => {
    stop = syncTheme(); // the test setup's matchMedia matches nothing: the system prefers light
    localStorage.setItem(storageKeys.theme, 'sepia');
    storageEvent('sepia');
    expect(useThemeStore.getState().theme).toBe('light');
  });

  it('stops listening after unsubscribe', () => {
    syncTheme()();
    storageEvent('light');
    expect(useThemeStore.getState().theme).toBe('dark');
  });

  it('falls back to the system preference when the saved theme is cleared', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false, // the system prefers light
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    stop = syncTheme();
    storageEvent(null);
    expect(useThemeStore.getState().theme).toBe('light');
  });
});
