import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServerBundle } from './helpers/server-bundle';

/**
 * Builds the production bundle once for the process tier (decision 072): every file that runs
 * the server in a process of its own runs this one, instead of building its own (some seconds
 * each on a busy machine) or starting from source through tsx (which compiles ~300 modules at
 * every start).
 *
 * `npm test` builds the apps once for this tier and the browser tier (`npm run build`,
 * scripts/test-tiers.mjs, decision 077) and names that bundle in TEST_SERVER_BUNDLE: it is
 * run as it is instead of being built a second time.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const built = process.env.TEST_SERVER_BUNDLE;
  if (built) {
    const entry = resolve(built);
    if (!existsSync(entry)) throw new Error(`TEST_SERVER_BUNDLE names no file: ${entry}`);
    project.provide('serverBundle', entry);
    return async () => {};
  }
  const bundle = await buildServerBundle('run');
  project.provide('serverBundle', bundle.entry);
  return () => bundle.remove();
}
