import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { nonEmptyStrings, readOrCreateSecretsFile } from '../../lib/secrets-file';

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

/**
 * DATA_DIR/payments.json (mode 0600), created on the first start, so the sandbox's tokens and
 * webhooks stay valid across restarts of the same installation. The same way as
 * providers/simulated-secrets.ts keeps the studios' secrets.
 */
export function readOrCreateSandboxKeys(dataDir: string): Promise<SandboxKeys> {
  return readOrCreateSecretsFile<SandboxKeys>(join(dataDir, sandboxKeysFile), {
    generate: () => ({
      secretKey: `sk_test_${token()}`,
      publishableKey: `pk_test_${token()}`,
      webhookSecret: `whsec_${token()}`,
      cryptoApiKey: token(),
      cryptoIpnSecret: token(),
    }),
    valid: nonEmptyStrings([
      'secretKey',
      'publishableKey',
      'webhookSecret',
      'cryptoApiKey',
      'cryptoIpnSecret',
    ]),
    invalid: 'payments file: delete it to generate new payment sandbox keys.',
  });
}
