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
      endorphina: {
        mode: 'external',
        url: 'https://endo.example',
        nodeId: 'node-1',
        salt: 'endo-salt-value',
      },
      pragmatic: {
        mode: 'external',
        apiUrl: 'https://api.pp.example/IntegrationService/v3/http/CasinoGameAPI',
        secureLogin: 'orbita',
        secretKey: 'pp-secret-value',
        country: 'MT',
        imageUrl: undefined,
        demoUrl: undefined,
      },
      gbgames: {
        mode: 'external',
        url: 'https://gb.example/studios/gbgames',
        secret: 'gb-secret-value',
      },
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
      mode: 'external',
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
    // Simulated: the studio's own feed; a real provider's list cannot take effect there.
    const simulated = loadConfig({});
    expect(resolveProviderSettings({ ...simulated, host: '127.0.0.1' }).endorphina).toMatchObject({
      gamesUrl: `http://localhost:${simulated.port}/studios/endorphina/api/games`,
    });
    expect(() => loadConfig({ ENDORPHINA_DEMO_URL: 'edemo.example' })).toThrow(
      /\n {2}ENDORPHINA_DEMO_URL: /,
    );
    expect(() =>
      loadConfig({ ENDORPHINA_GAMES_FILE: '/etc/orbita/endorphina-games.json' }),
    ).toThrow(/\n {2}ENDORPHINA_GAMES_FILE: cannot take effect while PROVIDERS=simulated/);
  });

  it('needs nothing in simulated mode', () => {
    const { providers } = loadConfig({});
    expect([providers.endorphina.mode, providers.pragmatic.mode, providers.gbgames.mode]).toEqual([
      'simulated',
      'simulated',
      'simulated',
    ]);
  });

  it('runs one provider for real with only its own three variables and its mode', () => {
    const config = loadConfig({
      PRAGMATIC_MODE: 'external',
      PRAGMATIC_API_URL: 'https://api.pp.example/IntegrationService/v3/http/CasinoGameAPI/',
      PRAGMATIC_SECURE_LOGIN: 'orbita',
      PRAGMATIC_SECRET_KEY: 'pp-secret-value',
    });
    expect(config.providers.pragmatic).toEqual({
      mode: 'external',
      apiUrl: 'https://api.pp.example/IntegrationService/v3/http/CasinoGameAPI',
      secureLogin: 'orbita',
      secretKey: 'pp-secret-value',
      country: 'MT',
    });
    expect(config.providers.endorphina.mode).toBe('simulated');
    expect(config.providers.gbgames.mode).toBe('simulated');
  });

  it('stops start-up on a real URL that a simulated provider would silently ignore', () => {
    // The operator's first try: the contract's three values, no mode.
    expect(() =>
      loadConfig({
        PRAGMATIC_API_URL: 'https://api.pp.example/IntegrationService/v3/http/CasinoGameAPI',
        PRAGMATIC_SECURE_LOGIN: 'orbita',
        PRAGMATIC_SECRET_KEY: 'pp-secret-value',
      }),
    ).toThrow(
      'Invalid configuration:\n' +
        '  PRAGMATIC_API_URL: cannot take effect while PROVIDERS=simulated (the built-in studio serves this provider); set PRAGMATIC_MODE=external to use the real provider, or remove it',
    );
    expect(() =>
      loadConfig({ GBGAMES_MODE: 'simulated', GBGAMES_URL: 'https://gb.example' }),
    ).toThrow(/\n {2}GBGAMES_URL: cannot take effect while GBGAMES_MODE=simulated/);
    // The studio serves its own artwork and demos: a real image or demo host is refused too.
    expect(() => loadConfig({ PRAGMATIC_IMAGE_URL: 'https://img.pp.example' })).toThrow(
      /\n {2}PRAGMATIC_IMAGE_URL: cannot take effect while PROVIDERS=simulated/,
    );
  });

  it('names what an external provider lacks by the variable that chose its mode', () => {
    expect(() =>
      loadConfig({ ENDORPHINA_MODE: 'external', ENDORPHINA_URL: 'https://e.example' }),
    ).toThrow(
      'Invalid configuration:\n' +
        '  ENDORPHINA_NODE_ID: required when ENDORPHINA_MODE=external\n' +
        '  ENDORPHINA_SALT: required when ENDORPHINA_MODE=external',
    );
  });

  it('lets a provider be off: its URL and login are refused, its callback secret kept', () => {
    const config = loadConfig({
      PROVIDERS: 'off',
      ENDORPHINA_MODE: 'simulated',
      PRAGMATIC_SECRET_KEY: 'pp-secret-value',
      GBGAMES_SECRET: 'gb-secret-value',
    });
    expect(config.providers.pragmatic).toEqual({
      mode: 'off',
      apiUrl: undefined,
      secureLogin: undefined,
      secretKey: 'pp-secret-value',
      country: 'MT',
    });
    expect(config.providers.gbgames.mode).toBe('off');
    expect(config.providers.endorphina.mode).toBe('simulated');
    expect(() =>
      loadConfig({
        PRAGMATIC_MODE: 'off',
        PRAGMATIC_API_URL: 'https://api.pp.example',
        PRAGMATIC_SECURE_LOGIN: 'orbita',
      }),
    ).toThrow(
      'Invalid configuration:\n' +
        '  PRAGMATIC_API_URL: cannot take effect while PRAGMATIC_MODE=off (the provider is not offered); set PRAGMATIC_MODE=external to use it, or remove it\n' +
        '  PRAGMATIC_SECURE_LOGIN: cannot take effect while PRAGMATIC_MODE=off (the provider is not offered); set PRAGMATIC_MODE=external to use it, or remove it',
    );
  });

  it.each([
    ['PROVIDERS', 'real'],
    ['PRAGMATIC_MODE', 'live'],
    ['ENDORPHINA_URL', 'ftp://endo.example'],
    ['LAUNCH_TOKEN_TTL_SECONDS', '10'],
    ['CATALOG_SYNC_INTERVAL_MINUTES', '-1'],
    ['PRAGMATIC_COUNTRY', 'gb'],
    ['PRAGMATIC_COUNTRY', 'GBR'],
    ['PRAGMATIC_IMAGE_URL', 'javascript:alert(1)'],
    ['PRAGMATIC_DEMO_URL', 'ftp://demo.example'],
  ])('rejects %s=%s naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`\\n  ${name}: `));
  });

  it('carries the Pragmatic country, image and demo hosts into the settings', () => {
    const real = resolveProviderSettings(
      loadConfig({
        ...external,
        PRAGMATIC_COUNTRY: 'DE',
        PRAGMATIC_IMAGE_URL: 'https://images.pp.example/',
        PRAGMATIC_DEMO_URL: 'https://demo.pp.example',
      }),
    );
    expect(real.pragmatic).toMatchObject({
      country: 'DE',
      imageUrl: 'https://images.pp.example',
      demoUrl: 'https://demo.pp.example',
    });
    // Unset with a real provider: generated tiles, demos on the Integration API's host.
    expect(resolveProviderSettings(loadConfig(external)).pragmatic).toMatchObject({
      country: 'MT',
      imageUrl: null,
      demoUrl: 'https://api.pp.example',
    });
    // Simulated: the studio serves both, in the provider's shapes.
    const simulated = resolveProviderSettings(loadConfig({ PUBLIC_URL: 'https://casino.example' }));
    expect(simulated.pragmatic).toMatchObject({
      country: 'MT',
      imageUrl: 'https://casino.example/studios/pragmatic',
      demoUrl: 'https://casino.example/studios/pragmatic',
    });
  });
});
