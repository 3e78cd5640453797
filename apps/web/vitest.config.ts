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
  },
});
