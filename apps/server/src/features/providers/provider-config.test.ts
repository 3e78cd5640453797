import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { resolveProviderSettings } from './provider-settings';

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

  it('reads Endorphina’s game list, artwork and demo variables when set, into the settings', () => {
    const config = loadConfig({
      ...external,
      ENDORPHINA_GAMES_FILE: '/etc/orbita/endorphina-games.json',
      ENDORPHINA_GAMES_URL: 'https://endo.example/api/sessions/seamless/rest/v1/games/',
      ENDORPHINA_IMAGE_URL: 'https://cdn.example/endorphina/{name}.png',
      ENDORPHINA_DEMO_URL: 'https://edemo.endorphina.example/',
      ENDORPHINA_DEMO_ACCOUNT_ID: '9789',
    });
    expect(config.providers.endorphina).toEqual({
      url: 'https://endo.example',
      nodeId: 'node-1',
      salt: 'endo-salt-value',
      gamesFile: '/etc/orbita/endorphina-games.json',
      gamesUrl: 'https://endo.example/api/sessions/seamless/rest/v1/games',
      imageUrl: 'https://cdn.example/endorphina/{name}.png',
      demoUrl: 'https://edemo.endorphina.example',
      demoAccountId: '9789',
    });
    expect(resolveProviderSettings({ ...config, host: '127.0.0.1' }).endorphina).toMatchObject({
      gamesFile: '/etc/orbita/endorphina-games.json',
      demoAccountId: '9789',
    });
    // Simulated: the studio's own feed unless a list is configured.
    const simulated = loadConfig({});
    expect(resolveProviderSettings({ ...simulated, host: '127.0.0.1' }).endorphina).toMatchObject({
      gamesUrl: `http://localhost:${simulated.port}/studios/endorphina/api/games`,
    });
    expect(() => loadConfig({ ENDORPHINA_DEMO_URL: 'edemo.example' })).toThrow(
      /\n {2}ENDORPHINA_DEMO_URL: /,
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
