import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { StartupError } from './errors';

/**
 * A JSON file of generated secrets in DATA_DIR (the server's keys, the simulated studios' and
 * the payment sandboxes'): created on the first start with mode 0600, then read on every
 * start, so a fresh checkout runs without set-up and what was signed survives a restart.
 */
export interface SecretsFileSpec<T> {
  /** The secrets of a new file. */
  generate: () => T;
  /** Whether a parsed file holds what it must (a broken file stops start-up). */
  valid: (parsed: Record<string, unknown>) => boolean;
  /** What to tell the operator about a broken file (after "{path} is not a valid …"). */
  invalid: string;
}

/** Every one of `keys` is a non-empty string. */
export function nonEmptyStrings(keys: readonly string[]) {
  return (parsed: Record<string, unknown>): boolean =>
    keys.every((key) => typeof parsed[key] === 'string' && parsed[key] !== '');
}

async function read<T>(path: string, spec: SecretsFileSpec<T>): Promise<T | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const record =
    typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  if (!spec.valid(record)) throw new StartupError(`${path} is not a valid ${spec.invalid}`);
  return record as T;
}

export async function readOrCreateSecretsFile<T>(
  path: string,
  spec: SecretsFileSpec<T>,
): Promise<T> {
  const existing = await read(path, spec);
  if (existing) return existing;
  const fresh = spec.generate();
  await mkdir(dirname(path), { recursive: true });
  // Written whole under a private name, then linked into place: link() fails if the file
  // exists, so the first process wins, and no reader ever sees a half-written file (a plain
  // 'wx' write creates the file empty first, and a racing start read it as broken).
  const draft = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(draft, `${JSON.stringify(fresh, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
    // The mode of a new file is filtered by the umask; make sure nobody else can read it.
    await chmod(draft, 0o600);
    await link(draft, path);
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = await read(path, spec);
    if (!winner) throw new StartupError(`${path} vanished while being created.`);
    return winner;
  } finally {
    await unlink(draft).catch(() => undefined);
  }
}
