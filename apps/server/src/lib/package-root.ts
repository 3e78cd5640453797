import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageName = '@casino/server';

/**
 * Walks up from this module to the folder holding the server's package.json. This module
 * runs from src/lib (tsx, vitest) and from dist/server.js (esbuild bundle), at different
 * depths, so a fixed relative path would be right in one layout and wrong in the other.
 */
function findServerPackageRoot(start: string): string {
  let dir = start;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown };
      if (name === packageName) return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error(`Cannot find the ${packageName} package folder above ${start}`);
    }
    dir = parent;
  }
}

/** Absolute path of apps/server (the folder with package.json, drizzle/ and dist/). */
export const serverPackageRoot = findServerPackageRoot(dirname(fileURLToPath(import.meta.url)));

/** The server's version, from its package.json, reported by /api/health and OpenAPI. */
export const serverVersion = (
  JSON.parse(readFileSync(join(serverPackageRoot, 'package.json'), 'utf8')) as { version: string }
).version;
