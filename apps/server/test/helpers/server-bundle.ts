import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, rmdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { serverPackageRoot } from '../../src/lib/package-root';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The production bundle the process tier runs (test/process-setup.ts). */
    serverBundle: string;
  }
}

const run = promisify(execFile);

export interface BuiltBundle {
  /** The bundle's entry, dist/server.js's twin. */
  entry: string;
  remove: () => Promise<void>;
}

/**
 * Builds the production bundle (`node build.mjs`, as `npm run build` does) into a scratch
 * folder inside the package: the bundle finds drizzle/ and package.json by walking up from
 * itself, so it must stay inside apps/server.
 */
export async function buildServerBundle(prefix: string): Promise<BuiltBundle> {
  const parent = join(serverPackageRoot, '.test-dist');
  await mkdir(parent, { recursive: true });
  const scratch = await mkdtemp(join(parent, `${prefix}-`));
  const entry = join(scratch, 'server.js');
  await run(process.execPath, ['build.mjs', '--outfile', relative(serverPackageRoot, entry)], {
    cwd: serverPackageRoot,
  });
  return {
    entry,
    remove: async () => {
      await rm(scratch, { recursive: true, force: true });
      // The shared parent goes too, unless another run is still using it.
      await rmdir(parent).catch(() => undefined);
    },
  };
}
