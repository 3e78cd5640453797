import { availableParallelism } from 'node:os';
import { configDefaults, defineProject, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The server's tests in three tiers (decision 072), each a Vitest project:
 * - 'server-unit' (vitest.unit.config.ts): the modules' own tests beside them in src/ and the
 *   structure checks, with no database;
 * - 'server' (this file) and 'server-mocked' (vitest.mocked.config.ts): the integration tier,
 *   the app in-process on a database copied from one migrated template;
 * - 'server-process' (vitest.process.config.ts): test/process, servers in processes of their
 *   own (the built bundle, clusters, faults).
 */
export const unitTestFiles = ['src/**/*.test.ts', 'test/structure/**/*.test.ts'];
export const processTestFiles = ['test/process/**/*.test.ts'];

/**
 * The integration tier's files wait on their database, their sockets and their timers about
 * as much as they compute: two per core kept this two-core machine busier and cut the tier
 * from 134 to 117 s on PostgreSQL and from 223 to 200 s on PGlite, with the same CPU
 * (decision 106). The process tier keeps one per core: its files start whole servers.
 */
export const integrationWorkers = availableParallelism() * 2;

/** What the database tiers share: a database per file, copied from one migrated template. */
export const serverTestOptions: NonNullable<TestProjectInlineConfiguration['test']> = {
  environment: 'node',
  // Migrates one template database per run; files copy it (test/helpers/test-database.ts).
  globalSetup: ['./test/global-setup.ts'],
  // A PGlite copy loads in about a second, slower on a busy machine.
  hookTimeout: 60_000,
  testTimeout: 20_000,
};

/**
 * Test files that replace one of our modules with vi.mock. They run in the 'server-mocked'
 * project (vitest.mocked.config.ts), where every file gets a module graph of its own: in the
 * other projects files share one, and a mock would reach, or miss, whichever file loads the
 * module first.
 */
export const filesWithModuleMocks = [
  'src/features/auth/login-service.test.ts',
  'test/users/avatar-concurrency.test.ts',
  'test/auth/throttle-burst.test.ts',
];

export default defineProject({
  test: {
    ...serverTestOptions,
    name: 'server',
    maxWorkers: integrationWorkers,
    include: ['test/**/*.test.ts'],
    exclude: [
      ...configDefaults.exclude,
      ...unitTestFiles,
      ...processTestFiles,
      ...filesWithModuleMocks,
    ],
    // Files share a worker's modules instead of loading the app's ~300 modules again each
    // (about 2 s a file, the larger part of the suite's time on a 2-core machine). Safe because
    // every file builds its own app and database (helpers/test-app.ts), module state is caches
    // only, and Vitest restores spies after each file; module mocks run isolated (above).
    isolate: false,
  },
});
