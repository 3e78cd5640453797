import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { rename, rm, rmdir } from 'node:fs/promises';
import { join, posix } from 'node:path';

/**
 * Writes a PGlite data-folder tarball (`dumpDataDir('none')`: plain ustar, folders and
 * regular files only) into `dataDir` with Node's own file calls. PGlite's `loadDataDir` does
 * the same through Emscripten's file layer, one path lookup, `mknod` and `writeFileSync` per
 * file: for the image's ~1,260 files that was about a second of CPU, a third of a new
 * server's start (decision 093); this takes a tenth of it.
 *
 * The files go into a scratch folder beside `dataDir` that is renamed into place at the end:
 * a start killed half-way leaves no folder that looks like a database (PG_VERSION present,
 * files missing), and the next start extracts again.
 */
export async function extractDataDirTar(tar: Uint8Array, dataDir: string): Promise<number> {
  const scratch = extractionScratchOf(dataDir);
  try {
    const files = writeTarInto(tar, scratch);
    await moveIntoPlace(scratch, dataDir);
    return files;
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    throw error;
  }
}

/** Where this process writes an image before it is renamed into `dataDir`. */
export function extractionScratchOf(dataDir: string, pid = process.pid): string {
  return `${dataDir}.extracting-${pid}`;
}

/**
 * Writes the archive's folders and files into `scratch` (made anew), synchronously: nothing
 * else runs while the server starts (or this is the image writer's own thread,
 * pglite-image-ahead.ts), and an awaited open, write and close per file through the thread
 * pool costs more than it frees. Returns the number of files.
 */
export function writeTarInto(tar: Uint8Array, scratch: string): number {
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true, mode: 0o700 });
  let files = 0;
  const bytes = Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength);
  for (const entry of tarEntries(bytes)) {
    const target = join(scratch, entry.path);
    if (entry.type === 'directory') {
      mkdirSync(target, { recursive: true, mode: entry.mode });
    } else {
      mkdirSync(join(target, '..'), { recursive: true });
      writeFileSync(target, entry.body, { mode: entry.mode });
      files++;
    }
  }
  return files;
}

/**
 * Renames a written scratch folder to `dataDir`. An empty folder may stand there already
 * (made before the lock was taken): rename replaces only an empty one, and rmdir refuses
 * anything else, so no data is lost.
 */
export async function moveIntoPlace(scratch: string, dataDir: string): Promise<void> {
  await rmdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await rename(scratch, dataDir);
}

interface TarEntry {
  /** Relative, normalised, never leaving the folder. */
  path: string;
  type: 'directory' | 'file';
  mode: number;
  body: Buffer;
}

/** The entries of a ustar archive; anything but folders and regular files is refused. */
export function* tarEntries(tar: Buffer): Generator<TarEntry> {
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    // Two zero blocks end the archive; the first one is enough to stop.
    if (header[0] === 0) return;
    const field = (start: number, length: number) => {
      const raw = header.subarray(start, start + length);
      const end = raw.indexOf(0);
      return raw.subarray(0, end === -1 ? length : end).toString('utf8');
    };
    const octal = (start: number, length: number) => {
      const text = field(start, length).trim();
      const value = text === '' ? 0 : Number.parseInt(text, 8);
      if (!Number.isSafeInteger(value) || value < 0) throw new Error(`bad tar header at ${offset}`);
      return value;
    };
    const prefix = field(345, 155);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    const size = octal(124, 12);
    const mode = octal(100, 8) & 0o777;
    const typeFlag = String.fromCharCode(header[156] ?? 0);
    const bodyStart = offset + 512;
    offset = bodyStart + Math.ceil(size / 512) * 512;
    if (bodyStart + size > tar.length) throw new Error(`tar entry ${name} is cut short`);

    const path = posix.normalize(name.replace(/^\/+/, '')).replace(/\/+$/, '');
    if (path === '.' || path === '') continue;
    if (path === '..' || path.startsWith('../') || posix.isAbsolute(path)) {
      throw new Error(`tar entry ${name} leaves the folder`);
    }
    if (typeFlag === '5') {
      yield { path, type: 'directory', mode: mode || 0o700, body: Buffer.alloc(0) };
    } else if (typeFlag === '0' || typeFlag === '\0') {
      yield {
        path,
        type: 'file',
        mode: mode || 0o600,
        body: tar.subarray(bodyStart, bodyStart + size),
      };
    } else {
      throw new Error(
        `tar entry ${name} is of type '${typeFlag}': only folders and files are read`,
      );
    }
  }
}

/**
 * Packs a data folder (a database PGlite has closed cleanly) into a ustar archive that both
 * `extractDataDirTar` and PGlite's own `loadDataDir` read. Folders and regular files only.
 */
export function packDataDirTar(dataDir: string): Buffer {
  const blocks: Buffer[] = [];
  const walk = (relative: string) => {
    const here = join(dataDir, relative);
    for (const entry of readdirSync(here, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    )) {
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      const full = join(dataDir, path);
      if (entry.isDirectory()) {
        blocks.push(tarHeader(path, '5', 0, statSync(full).mode));
        walk(path);
      } else if (entry.isFile()) {
        const body = readFileSync(full);
        blocks.push(tarHeader(path, '0', body.length, statSync(full).mode), body);
        const padding = (512 - (body.length % 512)) % 512;
        if (padding > 0) blocks.push(Buffer.alloc(padding));
      } else {
        throw new Error(`${full} is neither a folder nor a file`);
      }
    }
  };
  walk('');
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

function tarHeader(path: string, type: '0' | '5', size: number, mode: number): Buffer {
  const header = Buffer.alloc(512);
  const name = Buffer.from(path, 'utf8');
  if (name.length > 100) throw new Error(`tar path too long for ustar: ${path}`);
  name.copy(header, 0);
  const octal = (value: number, start: number, length: number) =>
    header.write(`${value.toString(8).padStart(length - 1, '0')}\0`, start, length, 'latin1');
  octal(mode & 0o777, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(size, 124, 12);
  octal(0, 136, 12);
  header.write(type, 156, 1, 'latin1');
  header.write('ustar\u000000', 257, 8, 'latin1');
  // The checksum is computed with its own field as eight spaces.
  header.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'latin1');
  return header;
}
