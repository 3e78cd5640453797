import { defineProject } from 'vitest/config';
import { processTestFiles, serverTestOptions } from './vitest.config';

/**
 * The server's process tier (decision 072): servers in processes of their own, the built
 * bundle, several instances on one database, faults. The bundle is built once for the tier
 * (test/process-setup.ts) and every file runs the same one.
 */
export default defineProject({
  test: {
    ...serverTestOptions,
    name: 'server-process',
    include: processTestFiles,
    globalSetup: ['./test/global-setup.ts', './test/process-setup.ts'],
    isolate: false,
  },
});
