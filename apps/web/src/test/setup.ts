import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

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

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  document.documentElement.removeAttribute('style');
  document.documentElement.className = '';
});
