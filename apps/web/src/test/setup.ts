import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// jsdom has no matchMedia; the app asks for the colour scheme and the desktop breakpoint.
// Tests that need a match replace it with their own stub.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  });
}

// Lazy pages and their texts load through dynamic imports, which are slow when every test file
// runs at once: give findBy* more than the default second.
configure({ asyncUtilTimeout: 4000 });

// jsdom does not scroll; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => undefined;

// The files share one jsdom and the libraries' modules (vitest.config.ts: isolate off), so
// what a file could inherit is reset before it: the app's own modules (each file evaluates them
// again, so its stores and caches start as in a fresh page) and the page's storage and cookies.
vi.resetModules();

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});

afterEach(() => {
  cleanup();
  document.documentElement.removeAttribute('style');
  document.documentElement.className = '';
});
