import { join } from 'node:path';
import { serverPackageRoot } from '../lib/package-root';

/**
 * The drizzle-kit output folder, next to package.json. It ships beside dist/ rather than
 * inside the bundle, so the SQL stays reviewable and the migrator reads it at start-up.
 */
export const migrationsFolder = join(serverPackageRoot, 'drizzle');
