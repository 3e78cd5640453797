import { readFile, rm, writeFile } from 'node:fs/promises';
import { StartupError } from '../lib/errors';

/**
 * PGlite runs inside one process and has no lock of its own: two processes opening one data
 * folder both "work" and corrupt it. So whoever opens it (the server, `npm run
 * wallet:adjust`, `npm run ledger:check`) first creates `<folder>.lock` holding its pid,
 * exclusively, and removes it on close. A lock whose process is gone (a crash, kill -9) is
 * stale and taken over. Limits: the pid test only sees this machine's processes, and two
 * processes taking over one stale lock in the same instant could both win.
 */
export class DataDirLocked extends StartupError {
  override readonly name = 'DataDirLocked';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The PGlite database in ${dataDir} is in use by process ${pid} (probably the server). ` +
        'PGlite serves one process at a time: stop that process and try again, or run the ' +
        'server on PostgreSQL (DATABASE_URL), where commands can run beside it.',
    );
  }
}

// Locks this process holds: a second open of one folder in the same process is refused
// too, while our own pid in a leftover file (a restarted container is pid 1 again) is stale.
const heldHere = new Set<string>();

/** Takes the folder's lock; resolves to its release. Throws DataDirLocked if it is held. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = `${dataDir}.lock`;
  if (heldHere.has(file)) throw new DataDirLocked(dataDir, process.pid);
  for (let attempt = 1; ; attempt++) {
    try {
      await writeFile(file, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw error;
    }
    const holder = await holderOf(file);
    if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
      throw new DataDirLocked(dataDir, holder);
    }
    await rm(file, { force: true });
  }
  heldHere.add(file);
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    heldHere.delete(file);
    await rm(file, { force: true });
  };
}

async function holderOf(file: string): Promise<number | undefined> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const pid = Number.parseInt(text, 10);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else, which still counts as in use.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
