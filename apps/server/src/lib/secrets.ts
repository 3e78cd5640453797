import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config';
import { StartupError } from './errors';

/** The server's own keys: one signs access tokens, the other keys the code hashes. */
export interface Secrets {
  jwtSecret: string;
  otpSecret: string;
}

const fileName = 'secrets.json';
const minLength = 32;

function generate(): string {
  // 384 bits, base64url: well over the 256 bits HS256 needs.
  return randomBytes(48).toString('base64url');
}

/**
 * Secrets from the configuration when given; otherwise generated on the first start and
 * kept in DATA_DIR/secrets.json (mode 0600), so a fresh checkout runs without set-up and
 * sessions survive a restart. Several instances must share JWT_SECRET and OTP_SECRET
 * through the configuration instead: each would generate its own file.
 */
export async function resolveSecrets(
  config: Pick<Config, 'dataDir' | 'jwtSecret' | 'otpSecret'>,
): Promise<Secrets> {
  if (config.jwtSecret !== undefined && config.otpSecret !== undefined) {
    return { jwtSecret: config.jwtSecret, otpSecret: config.otpSecret };
  }
  const stored = await readOrCreate(join(config.dataDir, fileName));
  return {
    jwtSecret: config.jwtSecret ?? stored.jwtSecret,
    otpSecret: config.otpSecret ?? stored.otpSecret,
  };
}

async function readOrCreate(path: string): Promise<Secrets> {
  const existing = await readSecretsFile(path);
  if (existing) return existing;
  const fresh: Secrets = { jwtSecret: generate(), otpSecret: generate() };
  await mkdir(join(path, '..'), { recursive: true });
  try {
    // 'wx' fails if another process created the file meanwhile; then that one's secrets win.
    await writeFile(path, `${JSON.stringify(fresh, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
    // The mode of a new file is filtered by the umask; make sure nobody else can read it.
    await chmod(path, 0o600);
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = await readSecretsFile(path);
    if (!winner) throw new StartupError(`${path} is not a valid secrets file.`);
    return winner;
  }
}

async function readSecretsFile(path: string): Promise<Secrets | undefined> {
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
  const { jwtSecret, otpSecret } = (parsed ?? {}) as Partial<Record<keyof Secrets, unknown>>;
  if (
    typeof jwtSecret !== 'string' ||
    typeof otpSecret !== 'string' ||
    jwtSecret.length < minLength ||
    otpSecret.length < minLength
  ) {
    throw new StartupError(
      `${path} is not a valid secrets file: delete it to generate new secrets (every player will have to log in again), or set JWT_SECRET and OTP_SECRET.`,
    );
  }
  return { jwtSecret, otpSecret };
}
