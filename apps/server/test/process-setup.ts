import type { TestProject } from 'vitest/node';
import { buildServerBundle } from './helpers/server-bundle';

/**
 * Builds the production bundle once for the process tier (decision 072): every file that runs
 * the server in a process of its own runs this one, instead of building its own (some seconds
 * each on a busy machine) or starting from source through tsx (which compiles ~300 modules at
 * every start).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const bundle = await buildServerBundle('run');
  project.provide('serverBundle', bundle.entry);
  return () => bundle.remove();
}
