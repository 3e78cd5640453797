import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Config } from '../config';
import { readOrCreateSecretsFile } from './secrets-file';

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

/** DATA_DIR/secrets.json: both keys, long enough for HS256. */
function readOrCreate(path: string): Promise<Secrets> {
  return readOrCreateSecretsFile<Secrets>(path, {
    generate: () => ({ jwtSecret: generate(), otpSecret: generate() }),
    valid: ({ jwtSecret, otpSecret }) =>
      typeof jwtSecret === 'string' &&
      typeof otpSecret === 'string' &&
      jwtSecret.length >= minLength &&
      otpSecret.length >= minLength,
    invalid:
      'secrets file: delete it to generate new secrets (every player will have to log in again), or set JWT_SECRET and OTP_SECRET.',
  });
}
