import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';

/**
 * For tests (never imported by the server): a new empty folder under the system's temporary
 * folder for each test of the suite it is called in, removed with all it holds after the test.
 * Call it where `beforeEach` may be called; the function it returns gives the current test's
 * folder.
 */
export function tempDirEachTest(prefix: string): () => string {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  return () => dir;
}
