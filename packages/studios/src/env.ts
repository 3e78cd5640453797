import type { StudiosOptions } from './create-studios';

/**
 * Standalone configuration from the environment. Every studio needs its secrets; a missing
 * one stops start-up with a message naming the variable.
 */
export function optionsFromEnv(env: NodeJS.ProcessEnv): {
  port: number;
  host: string;
  options: StudiosOptions;
} {
  const port = Number(env['STUDIOS_PORT'] ?? 4100);
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    throw new Error('STUDIOS_PORT must be a TCP port');
  const host = env['STUDIOS_HOST'] ?? '127.0.0.1';
  const publicBase = (env['STUDIOS_PUBLIC_URL'] ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const need = (name: string): string => {
    const value = env[name];
    if (!value) throw new Error(`${name} is required`);
    return value;
  };
  return {
    port,
    host,
    options: {
      basePath: '/studios',
      endorphina: {
        publicUrl: `${publicBase}/studios/endorphina`,
        nodeId: need('ENDORPHINA_NODE_ID'),
        salt: need('ENDORPHINA_SALT'),
        operatorUrl: need('ENDORPHINA_OPERATOR_URL'),
      },
      pragmatic: {
        publicUrl: `${publicBase}/studios/pragmatic`,
        secureLogin: need('PRAGMATIC_SECURE_LOGIN'),
        secretKey: need('PRAGMATIC_SECRET_KEY'),
        operatorUrl: need('PRAGMATIC_OPERATOR_URL'),
        providerId: env['PRAGMATIC_PROVIDER_ID'] ?? 'PragmaticPlay',
      },
      gbgames: {
        publicUrl: `${publicBase}/studios/gbgames`,
        secret: need('GBGAMES_SECRET'),
        operatorUrl: need('GBGAMES_OPERATOR_URL'),
      },
    },
  };
}
