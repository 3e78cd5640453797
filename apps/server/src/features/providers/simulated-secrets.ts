import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Config } from '../../config';
import { nonEmptyStrings, readOrCreateSecretsFile } from '../../lib/secrets-file';
import { generateSecret } from './provider-settings';
import type { ProviderMode } from './provider-config';

/** The simulated studios' back-office settings, generated once per installation. */
interface SimulatedSecrets {
  endorphinaNodeId: string;
  endorphinaSalt: string;
  pragmaticSecureLogin: string;
  pragmaticSecretKey: string;
  gbgamesSecret: string;
}

export const simulatedSecretsFile = 'providers.json';

function generate(): SimulatedSecrets {
  return {
    endorphinaNodeId: `node-${randomBytes(4).toString('hex')}`,
    endorphinaSalt: generateSecret(),
    pragmaticSecureLogin: `orbita_${randomBytes(4).toString('hex')}`,
    pragmaticSecretKey: generateSecret(),
    gbgamesSecret: generateSecret(),
  };
}

/** Reads DATA_DIR/providers.json, creating it (mode 0600) on the first start. */
function readOrCreate(path: string): Promise<SimulatedSecrets> {
  return readOrCreateSecretsFile(path, {
    generate,
    valid: nonEmptyStrings([
      'endorphinaNodeId',
      'endorphinaSalt',
      'pragmaticSecureLogin',
      'pragmaticSecretKey',
      'gbgamesSecret',
    ]),
    invalid: 'providers file: delete it to generate new simulated-provider secrets.',
  });
}

/** A free TCP port on the host, found by binding port 0 for a moment. */
async function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Start-up preparation for simulated providers (nothing to do for external ones):
 * - secrets: configured values win; the rest come from DATA_DIR/providers.json, generated
 *   once, so game sessions and the studios' back office survive a restart;
 * - PORT=0: a free port is chosen now instead of at listen, because the studios must know
 *   our callback URL (http://127.0.0.1:PORT/…) when they are mounted, before listen.
 */
export async function prepareSimulatedProviders<C extends Config>(config: C): Promise<C> {
  const p = config.providers;
  const simulated = (mode: ProviderMode) => mode === 'simulated';
  if (![p.endorphina.mode, p.pragmatic.mode, p.gbgames.mode].some(simulated)) return config;
  // Only a simulated provider's missing secrets come from the file: an external or off
  // provider uses exactly what is configured.
  const needsFile =
    (simulated(p.endorphina.mode) && (!p.endorphina.nodeId || !p.endorphina.salt)) ||
    (simulated(p.pragmatic.mode) && (!p.pragmatic.secureLogin || !p.pragmatic.secretKey)) ||
    (simulated(p.gbgames.mode) && !p.gbgames.secret);
  const stored = needsFile
    ? await readOrCreate(join(config.dataDir, simulatedSecretsFile))
    : undefined;
  const port = config.port === 0 ? await freePort(config.host) : config.port;
  const fill = (mode: ProviderMode, value: string | undefined, fallback: string | undefined) =>
    simulated(mode) ? (value ?? fallback) : value;
  return {
    ...config,
    port,
    providers: {
      ...p,
      endorphina: {
        ...p.endorphina,
        nodeId: fill(p.endorphina.mode, p.endorphina.nodeId, stored?.endorphinaNodeId),
        salt: fill(p.endorphina.mode, p.endorphina.salt, stored?.endorphinaSalt),
      },
      pragmatic: {
        ...p.pragmatic,
        secureLogin: fill(p.pragmatic.mode, p.pragmatic.secureLogin, stored?.pragmaticSecureLogin),
        secretKey: fill(p.pragmatic.mode, p.pragmatic.secretKey, stored?.pragmaticSecretKey),
      },
      gbgames: {
        ...p.gbgames,
        secret: fill(p.gbgames.mode, p.gbgames.secret, stored?.gbgamesSecret),
      },
    },
  };
}
