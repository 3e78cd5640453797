import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configVariables, loadConfig } from './config';
import { serverPackageRoot } from './lib/package-root';

/** The message loadConfig refuses `env` with ('' when it takes it). */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('loadConfig', () => {
  it('fills every default', () => {
    const config = loadConfig({}, '/srv/casino');
    expect(config).toEqual({
      env: 'development',
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/casino/data',
      databaseUrl: undefined,
      logLevel: 'info',
      webDistDir: resolve(serverPackageRoot, '../web/dist'),
      trustProxy: false,
      bodyLimitBytes: 1024 * 1024,
      jwtSecret: undefined,
      otpSecret: undefined,
      accessTokenTtlSeconds: 900,
      sessionAbsoluteTtlDays: 30,
      sessionIdleTtlDays: 7,
      smtpUrl: undefined,
      mailFrom: 'Orbita <no-reply@orbita.local>',
      publicUrl: undefined,
      redisUrl: undefined,
      redisKeyPrefix: 'orbita:',
      contentDir: resolve(serverPackageRoot, 'content'),
      supportChannelUrl: undefined,
      supportPartnerUrl: undefined,
      apiDocs: true,
      registrationsPerIpHour: 20,
      responsibleGaming: {
        defaultDepositLimits: {},
        defaultRealityCheckMinutes: 60,
        nationalSchemeUrl: undefined,
        flags: { netDeposits: 5_000_000n, limitRaises: 3, declinedDeposits: 5 },
      },
      minAge: 18,
      termsVersion: '1',
      privacyVersion: '1',
      kycWithdrawalThreshold: 2_000_000n,
      reportsTimeZone: 'UTC',
      providers: {
        endorphina: { mode: 'simulated', url: undefined, nodeId: undefined, salt: undefined },
        pragmatic: {
          mode: 'simulated',
          apiUrl: undefined,
          secureLogin: undefined,
          secretKey: undefined,
          country: 'MT',
          imageUrl: undefined,
          demoUrl: undefined,
        },
        gbgames: { mode: 'simulated', url: undefined, secret: undefined },
      },
      launchTokenTtlSeconds: 4 * 3600,
      catalogSyncIntervalMinutes: 24 * 60,
      catalogPageCacheSeconds: 30,
      payments: {
        card: {
          mode: 'simulated',
          apiUrl: undefined,
          secretKey: undefined,
          publishableKey: undefined,
          webhookSecret: undefined,
        },
        crypto: {
          mode: 'simulated',
          apiUrl: undefined,
          apiKey: undefined,
          ipnSecret: undefined,
          sandboxConfirmations: 2,
        },
        limits: {
          deposit: { min: 10_000n, max: 10_000_000n },
          withdrawal: { min: 20_000n, max: 5_000_000n },
        },
      },
      // Issue 31: in-flight requests get 10 s on SIGTERM; metrics and tracing are off.
      shutdownTimeoutMs: 10_000,
      metricsToken: undefined,
      metricsPort: undefined,
      metricsHost: '127.0.0.1',
      otelEndpoint: undefined,
      otelServiceName: 'orbita',
      backoffice: {
        origin: undefined,
        allowedIps: undefined,
        // Issue 28: four-eyes above 500.00 unless configured.
        fourEyesAmount: 500_000n,
        fourEyesAmountText: '500.00',
        distDir: join(serverPackageRoot, '..', 'backoffice', 'dist'),
      },
    });
  });

  it('finds the web build next to the server package whatever the working directory', () => {
    const fromRoot = loadConfig({}, resolve(serverPackageRoot, '../..'));
    const fromServer = loadConfig({}, serverPackageRoot);
    expect(fromRoot.webDistDir).toBe(fromServer.webDistDir);
    expect(fromRoot.webDistDir).toBe(join(serverPackageRoot, '..', 'web', 'dist'));
  });

  it('resolves relative DATA_DIR and WEB_DIST_DIR against the working directory', () => {
    const config = loadConfig({ DATA_DIR: 'var/db', WEB_DIST_DIR: '../web' }, '/srv/casino');
    expect(config.dataDir).toBe('/srv/casino/var/db');
    expect(config.webDistDir).toBe('/srv/web');
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/casino',
      DATABASE_URL: 'postgresql://app:secret@db.internal:5432/casino',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/srv/web',
      TRUST_PROXY: 'true',
      BODY_LIMIT_BYTES: '2048',
      JWT_SECRET: 'j'.repeat(32),
      OTP_SECRET: 'o'.repeat(40),
      ACCESS_TOKEN_TTL_SECONDS: '5',
      SESSION_ABSOLUTE_TTL_DAYS: '14',
      SESSION_IDLE_TTL_DAYS: '2',
      SMTP_URL: 'smtp://mailer:hunter2@127.0.0.1:4325?ignoreTLS=true',
      MAIL_FROM: 'Casino <casino@example.com>',
      PUBLIC_URL: 'https://casino.example.com/',
    });
    expect(config).toMatchObject({
      env: 'production',
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/casino',
      databaseUrl: 'postgresql://app:secret@db.internal:5432/casino',
      logLevel: 'warn',
      webDistDir: '/srv/web',
      trustProxy: true,
      bodyLimitBytes: 2048,
      jwtSecret: 'j'.repeat(32),
      otpSecret: 'o'.repeat(40),
      accessTokenTtlSeconds: 5,
      sessionAbsoluteTtlDays: 14,
      sessionIdleTtlDays: 2,
      smtpUrl: 'smtp://mailer:hunter2@127.0.0.1:4325?ignoreTLS=true',
      mailFrom: 'Casino <casino@example.com>',
      publicUrl: 'https://casino.example.com',
    });
  });

  it('takes a bare sender address and an SMTP server without credentials', () => {
    const config = loadConfig({ MAIL_FROM: 'no-reply@casino.test', SMTP_URL: 'smtp://localhost' });
    expect(config.mailFrom).toBe('no-reply@casino.test');
    expect(config.smtpUrl).toBe('smtp://localhost');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' }).port).toBe(3000);
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('takes an IANA zone for the reports', () => {
    expect(loadConfig({ REPORTS_TIME_ZONE: 'Europe/Moscow' }).reportsTimeZone).toBe(
      'Europe/Moscow',
    );
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '3.5'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'verbose'],
    ['TRUST_PROXY', 'maybe'],
    ['BODY_LIMIT_BYTES', '0'],
    ['DATABASE_URL', 'mysql://root@localhost/casino'],
    ['DATABASE_URL', 'not a url'],
    ['JWT_SECRET', 'short'],
    ['OTP_SECRET', 'x'.repeat(31)],
    ['ACCESS_TOKEN_TTL_SECONDS', '0'],
    ['ACCESS_TOKEN_TTL_SECONDS', '901'],
    ['SESSION_ABSOLUTE_TTL_DAYS', '0'],
    ['SESSION_IDLE_TTL_DAYS', '1.5'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['MAIL_FROM', 'not an address'],
    ['MAIL_FROM', 'Evil <a@b.c>\r\nBcc: x@y.z'],
    ['PUBLIC_URL', 'ftp://casino.example.com'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['REDIS_KEY_PREFIX', 'has spaces'],
    ['REPORTS_TIME_ZONE', 'Mars/Olympus'],
    ['REPORTS_TIME_ZONE', "UTC'; drop table users"],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`^Invalid configuration:\\n  ${name}: `),
    );
  });

  it('refuses an idle timeout longer than the absolute lifetime', () => {
    expect(() =>
      loadConfig({ SESSION_ABSOLUTE_TTL_DAYS: '3', SESSION_IDLE_TTL_DAYS: '7' }),
    ).toThrow(/SESSION_IDLE_TTL_DAYS: must not exceed SESSION_ABSOLUTE_TTL_DAYS \(3\)/);
    expect(loadConfig({ SESSION_ABSOLUTE_TTL_DAYS: '7', SESSION_IDLE_TTL_DAYS: '7' }).port).toBe(
      3000,
    );
  });

  it('never echoes a secret or an SMTP password', () => {
    const message = refusal({ JWT_SECRET: 'tooshort-secret', SMTP_URL: 'http://u:hunter2@mail' });
    expect(message).toContain('JWT_SECRET: must be at least 32 characters long');
    expect(message).toContain('SMTP_URL: must be an smtp:// or smtps:// URL');
    expect(message).not.toContain('tooshort-secret');
    expect(message).not.toContain('hunter2');
  });

  it('lists every bad variable at once and never echoes a database password', () => {
    const message = refusal({ PORT: 'x', DATABASE_URL: 'mysql://user:hunter2@db/app' });
    expect(message).toContain('PORT: must be a whole number (got "x")');
    expect(message).toContain(
      'DATABASE_URL: must be a postgres:// or postgresql:// connection URL',
    );
    expect(message).not.toContain('hunter2');
  });

  it('documents every variable it reads', () => {
    const documented = Object.keys(configVariables);
    expect(documented).toEqual([
      'NODE_ENV',
      'PORT',
      'HOST',
      'DATA_DIR',
      'DATABASE_URL',
      'LOG_LEVEL',
      'WEB_DIST_DIR',
      'TRUST_PROXY',
      'BODY_LIMIT_BYTES',
      'JWT_SECRET',
      'OTP_SECRET',
      'ACCESS_TOKEN_TTL_SECONDS',
      'SESSION_ABSOLUTE_TTL_DAYS',
      'SESSION_IDLE_TTL_DAYS',
      'SMTP_URL',
      'MAIL_FROM',
      'PUBLIC_URL',
      'OPERATOR_API_TOKEN',
      'REDIS_URL',
      'REDIS_KEY_PREFIX',
      'INSTANCE_URL',
      'CONTENT_DIR',
      'SUPPORT_CHANNEL_URL',
      'SUPPORT_PARTNER_URL',
      'API_DOCS',
      'REGISTRATIONS_PER_IP_HOUR',
      'GEOIP_DB_PATH',
      'MIN_AGE',
      'TERMS_VERSION',
      'PRIVACY_VERSION',
      'KYC_WITHDRAWAL_THRESHOLD',
      'REPORTS_TIME_ZONE',
      'PROVIDERS',
      'ENDORPHINA_MODE',
      'PRAGMATIC_MODE',
      'GBGAMES_MODE',
      'ENDORPHINA_URL',
      'ENDORPHINA_NODE_ID',
      'ENDORPHINA_SALT',
      'ENDORPHINA_GAMES_FILE',
      'ENDORPHINA_GAMES_URL',
      'ENDORPHINA_IMAGE_URL',
      'ENDORPHINA_DEMO_URL',
      'ENDORPHINA_DEMO_ACCOUNT_ID',
      'PRAGMATIC_API_URL',
      'PRAGMATIC_SECURE_LOGIN',
      'PRAGMATIC_SECRET_KEY',
      'PRAGMATIC_COUNTRY',
      'PRAGMATIC_IMAGE_URL',
      'PRAGMATIC_DEMO_URL',
      'GBGAMES_URL',
      'GBGAMES_SECRET',
      'LAUNCH_TOKEN_TTL_SECONDS',
      'CATALOG_SYNC_INTERVAL_MINUTES',
      'CATALOG_PAGE_CACHE_SECONDS',
      'CARD_PAYMENTS_MODE',
      'CARD_PAYMENTS_API_URL',
      'CARD_PAYMENTS_SECRET_KEY',
      'CARD_PAYMENTS_PUBLISHABLE_KEY',
      'CARD_PAYMENTS_WEBHOOK_SECRET',
      'CRYPTO_PAYMENTS_MODE',
      'CRYPTO_PAYMENTS_API_URL',
      'CRYPTO_PAYMENTS_API_KEY',
      'CRYPTO_PAYMENTS_IPN_SECRET',
      'CRYPTO_SANDBOX_CONFIRMATIONS',
      'DEPOSIT_MIN',
      'DEPOSIT_MAX',
      'WITHDRAWAL_MIN',
      'WITHDRAWAL_MAX',
      'SHUTDOWN_TIMEOUT_MS',
      'METRICS_TOKEN',
      'METRICS_PORT',
      'METRICS_HOST',
      'OTEL_EXPORTER_OTLP_ENDPOINT',
      'OTEL_SERVICE_NAME',
      'BACKOFFICE_ORIGIN',
      'BACKOFFICE_ALLOWED_IPS',
      'BACKOFFICE_FOUR_EYES_AMOUNT',
      'BACKOFFICE_DIST_DIR',
      'RG_DEFAULT_DEPOSIT_LIMIT_DAY',
      'RG_DEFAULT_DEPOSIT_LIMIT_WEEK',
      'RG_DEFAULT_DEPOSIT_LIMIT_MONTH',
      'RG_DEFAULT_REALITY_CHECK_MINUTES',
      'RG_NATIONAL_SCHEME_URL',
      'RG_FLAG_NET_DEPOSITS_30D',
      'RG_FLAG_LIMIT_RAISES_30D',
      'RG_FLAG_DECLINED_DEPOSITS_30D',
    ]);
    for (const { description } of Object.values(configVariables)) {
      expect(description.length).toBeGreaterThan(10);
    }
  });

  it('reads responsible gaming: no national scheme by default, defaults in thousandths', () => {
    const plain = loadConfig({}).responsibleGaming;
    expect(plain.nationalSchemeUrl).toBeUndefined();
    expect(plain.defaultDepositLimits).toEqual({});
    expect(plain.defaultRealityCheckMinutes).toBe(60);
    const set = loadConfig({
      RG_DEFAULT_DEPOSIT_LIMIT_DAY: '500.00',
      RG_DEFAULT_REALITY_CHECK_MINUTES: '0',
      RG_NATIONAL_SCHEME_URL: 'https://scheme.example/self-exclude',
    }).responsibleGaming;
    expect(set.defaultDepositLimits).toEqual({ day: 500_000n });
    expect(set.defaultRealityCheckMinutes).toBe(0);
    expect(() => loadConfig({ RG_DEFAULT_REALITY_CHECK_MINUTES: '45' })).toThrow(
      'RG_DEFAULT_REALITY_CHECK_MINUTES: must be 0 (off), 15, 30 or 60',
    );
  });

  it('reads the cashier limits in thousandths and refuses a minimum over its maximum', () => {
    const config = loadConfig({ DEPOSIT_MIN: '5', DEPOSIT_MAX: '250.50' });
    expect(config.payments.limits.deposit).toEqual({ min: 5_000n, max: 250_500n });
    expect(config.payments.limits.withdrawal).toEqual({ min: 20_000n, max: 5_000_000n });
    expect(config.payments.card.mode).toBe('simulated');
    expect(() => loadConfig({ WITHDRAWAL_MIN: '100.00', WITHDRAWAL_MAX: '50.00' })).toThrow(
      'WITHDRAWAL_MIN: must not exceed WITHDRAWAL_MAX (50.00) (got "100.00")',
    );
    expect(() => loadConfig({ DEPOSIT_MIN: '1.005' })).toThrow(
      'DEPOSIT_MIN: must be a positive amount',
    );
    expect(() => loadConfig({ DEPOSIT_MIN: '0' })).toThrow('DEPOSIT_MIN: must be more than 0');
  });

  it('needs every key of a real card account, and never echoes them', () => {
    const message = refusal({
      CARD_PAYMENTS_MODE: 'external',
      CARD_PAYMENTS_SECRET_KEY: 'sk_live_secret123',
    });
    expect(message).toContain('CARD_PAYMENTS_API_URL: required when CARD_PAYMENTS_MODE=external');
    expect(message).toContain(
      'CARD_PAYMENTS_WEBHOOK_SECRET: required when CARD_PAYMENTS_MODE=external',
    );
    expect(message).not.toContain('sk_live_secret123');
    expect(() => loadConfig({ CARD_PAYMENTS_API_URL: 'https://api.example.com' })).toThrow(
      'CARD_PAYMENTS_API_URL: only used when CARD_PAYMENTS_MODE=external',
    );
  });
});
