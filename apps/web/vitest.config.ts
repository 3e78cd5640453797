import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { i18nLiteAliases } from './vite-plugins';

export default defineProject({
  plugins: [react()],
  resolve: { alias: i18nLiteAliases },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // One jsdom and one load of the libraries (React, Testing Library, ...) per worker instead
    // of per file: a third to a quarter of the CPU. What a file could inherit from the one
    // before is reset by src/test/setup.ts (the app's modules, storage, cookies).
    isolate: false,
  },
});
