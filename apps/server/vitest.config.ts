import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Migrates one template database per run; files copy it (test/helpers/test-database.ts).
    globalSetup: ['./test/global-setup.ts'],
    // A PGlite copy loads in about a second, slower on a busy machine.
    hookTimeout: 60_000,
    testTimeout: 20_000,
  },
});
