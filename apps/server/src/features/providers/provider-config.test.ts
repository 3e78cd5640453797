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
        country: 'MT',
        imageUrl: undefined,
        demoUrl: undefined,
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
