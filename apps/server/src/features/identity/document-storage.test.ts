import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStorage } from './document-storage';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'document-storage-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function read(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * The embedded database's document store (issue 25): the bytes in DATA_DIR, never in PGlite,
 * which runs on the event loop.
 */
describe('the file store of identity documents', () => {
  it('keeps a document whole under the player, private, and removes it or all of theirs', async () => {
    const store = fileStorage(join(dir, 'identity-documents'));
    const player = randomUUID();
    const source = join(dir, 'upload');
    const bytes = randomBytes(300_000);
    await writeFile(source, bytes, { mode: 0o600 });
    const [first, second] = [randomUUID(), randomUUID()];
    await store.write(player, first, source);
    await store.write(player, second, source);
    expect((await read(store.read(player, first))).equals(bytes)).toBe(true);
    const folder = join(dir, 'identity-documents', player);
    // Only the finished files: nothing half-written is left beside them.
    expect((await readdir(folder)).sort()).toEqual([first, second].sort());
    expect((await stat(join(folder, first))).mode & 0o777).toBe(0o600);
    expect((await stat(folder)).mode & 0o777).toBe(0o700);

    await store.remove(player, first);
    expect(await readdir(folder)).toEqual([second]);
    await store.removeAll(player);
    await expect(stat(folder)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('leaves nothing behind when a write fails', async () => {
    const store = fileStorage(join(dir, 'failing'));
    const player = randomUUID();
    await expect(store.write(player, randomUUID(), join(dir, 'no-such-file'))).rejects.toThrow();
    expect(await readdir(join(dir, 'failing', player))).toEqual([]);
  });

  it('takes only ids it generated as names: nothing else becomes part of a path', async () => {
    const store = fileStorage(join(dir, 'names'));
    const source = join(dir, 'names-upload');
    await writeFile(source, 'x');
    await expect(store.write('../../etc', randomUUID(), source)).rejects.toThrow('not a player id');
    await expect(store.write(randomUUID(), '../x', source)).rejects.toThrow('not a storage id');
    expect(() => store.read(randomUUID(), '..')).toThrow('not a storage id');
  });
});
