import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesWithModuleMocks } from '../../vitest.config';

const root = join(import.meta.dirname, '..', '..');

function testFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) =>
      relative(root, join(root, folder, name))
        .split('\\')
        .join('/'),
    );
}

/**
 * The 'server' project shares modules between files (vitest.config.ts, isolate: false): a
 * file that mocks a module must be listed in filesWithModuleMocks, which runs it isolated, or
 * its mock would leak into (or miss) the files that share its worker.
 */
describe('module mocks', () => {
  it('are only in the files that run isolated', () => {
    const mocking = [...testFiles('src'), ...testFiles('test')].filter((file) =>
      /\bvi\.(mock|doMock)\(/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(mocking.sort()).toEqual([...filesWithModuleMocks].sort());
  });
});
