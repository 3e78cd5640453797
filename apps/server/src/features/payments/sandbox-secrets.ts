import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { StartupError } from '../../lib/errors';

/** The payment sandboxes' keys, as their "dashboards" would issue them: generated once per install. */
export interface SandboxKeys {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The crypto gateway sandbox's API key and IPN secret. */
  cryptoApiKey: string;
  cryptoIpnSecret: string;
}

export const sandboxKeysFile = 'payments.json';

const token = () => randomBytes(24).toString('base64url');

async function read(path: string): Promise<SandboxKeys | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let parsed: Partial<Record<keyof SandboxKeys, unknown>> = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    // reported below
  }
  const keys: (keyof SandboxKeys)[] = [
    'secretKey',
    'publishableKey',
    'webhookSecret',
    'cryptoApiKey',
    'cryptoIpnSecret',
  ];
  if (!keys.every((key) => typeof parsed[key] === 'string' && parsed[key] !== '')) {
    throw new StartupError(
      `${path} is not a valid payments file: delete it to generate new payment sandbox keys.`,
    );
  }
  return parsed as SandboxKeys;
}

/**
 * DATA_DIR/payments.json (mode 0600), created on the first start, so the sandbox's tokens and
 * webhooks stay valid across restarts of the same installation. The same way as
 * providers/simulated-secrets.ts keeps the studios' secrets.
 */
export async function readOrCreateSandboxKeys(dataDir: string): Promise<SandboxKeys> {
  const path = join(dataDir, sandboxKeysFile);
  const existing = await read(path);
  if (existing) return existing;
  const fresh: SandboxKeys = {
    secretKey: `sk_test_${token()}`,
    publishableKey: `pk_test_${token()}`,
    webhookSecret: `whsec_${token()}`,
    cryptoApiKey: token(),
    cryptoIpnSecret: token(),
  };
  await mkdir(dirname(path), { recursive: true });
  try {
    await writeFile(path, `${JSON.stringify(fresh, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
    await chmod(path, 0o600);
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = await read(path);
    if (!winner) throw new StartupError(`${path} vanished while being created.`);
    return winner;
  }
}
