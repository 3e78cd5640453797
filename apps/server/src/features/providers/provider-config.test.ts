import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

const external = {
  PROVIDERS: 'external',
  ENDORPHINA_URL: 'https://endo.example/',
  ENDORPHINA_NODE_ID: 'node-1',
  ENDORPHINA_SALT: 'endo-salt-value',
  PRAGMATIC_API_URL: 'https://api.pp.example/IntegrationService/v3/http/CasinoGameAPI',
  PRAGMATIC_SECURE_LOGIN: 'orbita',
  PRAGMATIC_SECRET_KEY: 'pp-secret-value',
  GBGAMES_URL: 'https://gb.example/studios/gbgames',
  GBGAMES_SECRET: 'gb-secret-value',
};

describe('provider configuration', () => {
  it('reads external providers, base URLs without a trailing slash', () => {
    const config = loadConfig(external);
    expect(config.providers).toEqual({
      mode: 'external',
      endorphina: { url: 'https://endo.example', nodeId: 'node-1', salt: 'endo-salt-value' },
      pragmatic: {
        apiUrl: 'https://api.pp.example/IntegrationService/v3/http/CasinoGameAPI',
        secureLogin: 'orbita',
        secretKey: 'pp-secret-value',
      },
      gbgames: { url: 'https://gb.example/studios/gbgames', secret: 'gb-secret-value' },
    });
  });

  it('names every missing variable when PROVIDERS=external', () => {
    const env: Record<string, string> = { ...external, ENDORPHINA_SALT: '', GBGAMES_URL: '' };
    delete env['PRAGMATIC_SECRET_KEY'];
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(
      'Invalid configuration:\n' +
        '  ENDORPHINA_SALT: required when PROVIDERS=external\n' +
        '  PRAGMATIC_SECRET_KEY: required when PROVIDERS=external\n' +
        '  GBGAMES_URL: required when PROVIDERS=external',
    );
  });

  it('needs nothing in simulated mode', () => {
    expect(loadConfig({}).providers.mode).toBe('simulated');
  });

  it.each([
    ['PROVIDERS', 'real'],
    ['ENDORPHINA_URL', 'ftp://endo.example'],
    ['LAUNCH_TOKEN_TTL_SECONDS', '10'],
    ['CATALOG_SYNC_INTERVAL_MINUTES', '-1'],
  ])('rejects %s=%s naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`\\n  ${name}: `));
  });
});
