import { defineConfig } from 'vitest/config';

// One test command for every workspace; each workspace owns its own project settings.
export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'packages/studios',
      'packages/payments-sandbox',
      'apps/server/vitest.config.ts',
      // The server's test files that mock a module, outside the shared module graph.
      'apps/server/vitest.mocked.config.ts',
      'apps/web',
      'apps/backoffice',
    ],
  },
});
