import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Names we generate: 128 random bits and the extension. Nothing else is ever served. */
export const avatarNamePattern = /^[0-9a-f]{32}\.webp$/;

export interface AvatarStore {
  /** Writes the picture under a new random name and returns the name. */
  save(webp: Buffer): Promise<string>;
  /** The file's bytes, or undefined when there is no such avatar. */
  read(name: string): Promise<Buffer | undefined>;
  /** Removes a file; a file already gone is not an error. */
  remove(name: string): Promise<void>;
}

/** Avatar files in DATA_DIR/avatars. */
export function createAvatarStore(dataDir: string): AvatarStore {
  const dir = join(dataDir, 'avatars');
  const pathOf = (name: string) => {
    if (!avatarNamePattern.test(name)) throw new Error(`not an avatar name: ${name}`);
    return join(dir, name);
  };
  return {
    async save(webp) {
      await mkdir(dir, { recursive: true });
      const name = `${randomBytes(16).toString('hex')}.webp`;
      // Written aside and renamed: a reader never sees half a file under the real name.
      const partial = join(dir, `${name}.partial`);
      await writeFile(partial, webp);
      await rename(partial, pathOf(name));
      return name;
    },
    async read(name) {
      if (!avatarNamePattern.test(name)) return undefined;
      try {
        return await readFile(pathOf(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(name) {
      try {
        await unlink(pathOf(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    },
  };
}
