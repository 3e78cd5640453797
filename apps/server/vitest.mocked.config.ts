import { defineProject } from 'vitest/config';
import { filesWithModuleMocks, integrationWorkers, serverTestOptions } from './vitest.config';

/** The server's test files that mock a module (vitest.config.ts), each in a fresh module graph. */
export default defineProject({
  test: {
    ...serverTestOptions,
    name: 'server-mocked',
    maxWorkers: integrationWorkers,
    include: filesWithModuleMocks,
    isolate: true,
  },
});
