import { configDefaults, defineProject } from 'vitest/config';
import { filesWithModuleMocks, unitTestFiles } from './vitest.config';

/**
 * The server's unit tier (decision 072): no database template is prepared, so a test here
 * that opens a database fails instead of slowing the tier down.
 */
export default defineProject({
  test: {
    name: 'server-unit',
    environment: 'node',
    include: unitTestFiles,
    exclude: [...configDefaults.exclude, ...filesWithModuleMocks],
    testTimeout: 20_000,
    // The same module sharing as the 'server' project (vitest.config.ts).
    isolate: false,
  },
});
