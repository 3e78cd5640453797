import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirEachTest } from '../lib/testing/temp-dir';
import { extractDataDirTar, packDataDirTar, tarEntries } from './pglite-image-tar';

/** The image's own tar reader and writer (decision 093): what goes in comes out, nothing else. */
describe('the data-folder tar', () => {
  const dir = tempDirEachTest('casino-tar-');

  /** One ustar header block for a hand-made archive. */
  function header(name: string, type: string, size = 0): Buffer {
    const block = Buffer.alloc(512);
    block.write(name, 0, 100, 'utf8');
    block.write('0000600\0', 100, 8, 'latin1');
    block.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 12, 'latin1');
    block.write(type, 156, 1, 'latin1');
    return block;
  }

  it('packs a folder and extracts it byte for byte', async () => {
    const source = join(dir(), 'source');
    await mkdir(join(source, 'base', '5'), { recursive: true });
    await mkdir(join(source, 'pg_tblspc'));
    await writeFile(join(source, 'PG_VERSION'), '18\n');
    await writeFile(join(source, 'base', '5', '2619'), Buffer.alloc(8192, 7));
    await writeFile(join(source, 'base', '5', 'empty'), '');

    const tar = packDataDirTar(source);
    expect(tar.length % 512).toBe(0);
    expect([...tarEntries(tar)].map((e) => `${e.type} ${e.path} ${e.body.length}`)).toEqual([
      'file PG_VERSION 3',
      'directory base 0',
      'directory base/5 0',
      'file base/5/2619 8192',
      'file base/5/empty 0',
      'directory pg_tblspc 0',
    ]);

    const target = join(dir(), 'data', 'pglite');
    expect(await extractDataDirTar(tar, target)).toBe(3);
    expect(await readFile(join(target, 'PG_VERSION'), 'utf8')).toBe('18\n');
    expect(await readFile(join(target, 'base', '5', '2619'))).toEqual(Buffer.alloc(8192, 7));
    expect(await readdir(join(target, 'pg_tblspc'))).toEqual([]);
    // Nothing left beside it: the scratch folder was renamed into place.
    expect(await readdir(join(dir(), 'data'))).toEqual(['pglite']);
  });

  it('reads the leading slash of PGlite’s own dumps as the folder itself', () => {
    const tar = Buffer.concat([
      header('/global', '5'),
      header('/PG_VERSION', '0', 3),
      Buffer.alloc(1536),
    ]);
    tar.write('18\n', 1024);
    expect([...tarEntries(tar)].map((e) => e.path)).toEqual(['global', 'PG_VERSION']);
  });

  it('refuses entries that leave the folder or are not folders and files', async () => {
    const escape = Buffer.concat([header('../outside', '0'), Buffer.alloc(1024)]);
    expect(() => [...tarEntries(escape)]).toThrow('leaves the folder');
    const link = Buffer.concat([header('pg_wal', '2'), Buffer.alloc(1024)]);
    expect(() => [...tarEntries(link)]).toThrow("of type '2'");
    const cut = header('base/1/1259', '0', 8192);
    expect(() => [...tarEntries(cut)]).toThrow('cut short');

    // A refused archive leaves neither the data folder nor the scratch one.
    const target = join(dir(), 'pglite');
    const bad = Buffer.concat([header('PG_VERSION', '0'), header('../x', '0'), Buffer.alloc(1024)]);
    await expect(extractDataDirTar(bad, target)).rejects.toThrow('leaves the folder');
    expect(existsSync(target)).toBe(false);
    expect(await readdir(dir())).toEqual([]);
  });

  it('replaces an empty folder but never one with files in it', async () => {
    const tar = packDataDirTar(await makeFolder(join(dir(), 'src'), { PG_VERSION: '18\n' }));
    const empty = join(dir(), 'empty');
    await mkdir(empty);
    await extractDataDirTar(tar, empty);
    expect(await readdir(empty)).toEqual(['PG_VERSION']);

    const used = await makeFolder(join(dir(), 'used'), { keep: 'me' });
    await expect(extractDataDirTar(tar, used)).rejects.toThrow();
    expect(await readdir(used)).toEqual(['keep']);
  });
});

async function makeFolder(path: string, files: Record<string, string>): Promise<string> {
  await mkdir(path, { recursive: true });
  for (const [name, text] of Object.entries(files)) await writeFile(join(path, name), text);
  return path;
}
