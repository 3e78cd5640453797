import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One test command for every workspace; each workspace owns its own project settings. The
// tiers (decision 072, package.json's test:* scripts) are sets of these projects: unit =
// contracts, studios, payments-sandbox, web, server-unit; integration = server,
// server-mocked; process = server-process.
export default defineConfig({
  test: {
    // One test file per core at a time. Vitest's default in a run is one fewer than the cores,
    // a single worker on a two-core machine, where the files wait on their databases, servers
    // and timers more than they compute (decision 072). --maxWorkers overrides, except for the
    // integration tier's projects, which set two per core (apps/server/vitest.config.ts).
    maxWorkers: availableParallelism(),
    projects: [
      'packages/contracts',
      'packages/studios',
      'packages/payments-sandbox',
      'apps/server/vitest.unit.config.ts',
      'apps/server/vitest.config.ts',
      // The server's test files that mock a module, outside the shared module graph.
      'apps/server/vitest.mocked.config.ts',
      'apps/server/vitest.process.config.ts',
      'apps/web',
      'apps/backoffice',
    ],
  },
});
