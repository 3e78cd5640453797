import { resolve } from 'node:path';
import { z } from 'zod';
import {
  baseUrl,
  booleanFlag,
  dollarAmount,
  httpUrl,
  isTimeZone,
  secret,
  wholeNumber,
  type EnvOf,
  type VariableDocs,
} from './lib/config-values';
import { serverPackageRoot } from './lib/package-root';

/**
 * The server's own variables (HTTP, database, accounts, mail, Redis, content, reports), one
 * part of the configuration in the same shape as the features' parts (`<name>-config.ts`):
 * config.ts puts them together, validates the lot and names every bad variable.
 */

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const coreEnvShape = {
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'must be development, production or test',
    })
    .default('development'),
  PORT: wholeNumber(0, 65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({
      protocol: /^postgres(ql)?$/,
      error: 'must be a postgres:// or postgresql:// connection URL',
    })
    .optional(),
  LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  TRUST_PROXY: booleanFlag.default(false),
  BODY_LIMIT_BYTES: wholeNumber(1, 1024 * 1024 * 1024).default(1024 * 1024),
  GEOIP_DB_PATH: z.string().min(1).optional(),
  MIN_AGE: wholeNumber(16, 25).default(18),
  TERMS_VERSION: z.string().trim().min(1).max(40).default('1'),
  PRIVACY_VERSION: z.string().trim().min(1).max(40).default('1'),
  JWT_SECRET: secret.optional(),
  OTP_SECRET: secret.optional(),
  ACCESS_TOKEN_TTL_SECONDS: wholeNumber(1, 900).default(900),
  SESSION_ABSOLUTE_TTL_DAYS: wholeNumber(1, 365).default(30),
  SESSION_IDLE_TTL_DAYS: wholeNumber(1, 365).default(7),
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587',
    })
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, {
      error: 'must be an address such as no-reply@example.com or "Name <no-reply@example.com>"',
    })
    .default('Orbita <no-reply@orbita.local>'),
  PUBLIC_URL: baseUrl.optional(),
  // The back office's service account (bearer token on /api/operator/…); unset, staff only.
  OPERATOR_API_TOKEN: secret.optional(),
  REDIS_URL: z
    .url({
      protocol: /^rediss?$/,
      error: 'must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379/0',
    })
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, { error: 'must be 1 to 64 letters, digits or : _ . -' })
    .default('orbita:'),
  INSTANCE_URL: baseUrl.optional(),
  CONTENT_DIR: z.string().min(1).optional(),
  SUPPORT_CHANNEL_URL: httpUrl.optional(),
  SUPPORT_PARTNER_URL: httpUrl.optional(),
  API_DOCS: booleanFlag.optional(),
  REGISTRATIONS_PER_IP_HOUR: wholeNumber(1, 1_000_000).default(20),
  KYC_WITHDRAWAL_THRESHOLD: dollarAmount('2000.00').default('2000.00'),
  REPORTS_TIME_ZONE: z
    .string()
    .refine(isTimeZone, { error: 'must be an IANA time zone such as UTC or Europe/Moscow' })
    .default('UTC'),
};

type CoreEnv = EnvOf<typeof coreEnvShape>;

/**
 * One line per variable, in the order of the schema: the README's configuration table is
 * written from this list, and a test checks that it covers every variable of the schema.
 */
export const coreConfigVariables: VariableDocs<keyof typeof coreEnvShape> = {
  NODE_ENV: {
    default: 'development',
    description: 'Run mode: development, production (serves the built web app) or test.',
  },
  PORT: {
    default: '3000',
    description: 'TCP port the HTTP server listens on (0 picks a free one).',
  },
  HOST: { default: '0.0.0.0', description: 'Interface the HTTP server binds to.' },
  DATA_DIR: {
    default: './data',
    description:
      'Folder for local data (the embedded PGlite database lives in DATA_DIR/pglite); relative to the working directory.',
  },
  DATABASE_URL: {
    default: '(unset: embedded PGlite)',
    description:
      'PostgreSQL connection URL (postgres:// or postgresql://); when set, replaces PGlite.',
  },
  LOG_LEVEL: {
    default: 'info',
    description: `Log level: ${logLevels.join(', ')}.`,
  },
  WEB_DIST_DIR: {
    default: 'apps/web/dist',
    description:
      'Built web app served in production; relative paths resolve against the working directory, the default against the server package.',
  },
  TRUST_PROXY: {
    default: 'false',
    description:
      'true when behind a reverse proxy, so client IP and protocol come from X-Forwarded-* headers.',
  },
  BODY_LIMIT_BYTES: {
    default: '1048576',
    description: 'Largest accepted request body in bytes; bigger bodies get 413.',
  },
  JWT_SECRET: {
    default: '(unset: generated once into DATA_DIR/secrets.json)',
    description:
      'Key that signs access tokens (HS256), at least 32 characters; every instance of one deployment needs the same value.',
  },
  OTP_SECRET: {
    default: '(unset: generated once into DATA_DIR/secrets.json)',
    description:
      'Key of the HMAC that stores e-mailed one-time codes hashed, at least 32 characters; same value on every instance.',
  },
  ACCESS_TOKEN_TTL_SECONDS: {
    default: '900',
    description: 'Lifetime of an access token in seconds, 1 to 900 (15 minutes at most).',
  },
  SESSION_ABSOLUTE_TTL_DAYS: {
    default: '30',
    description:
      'A session (its refresh token) ends this many days after login, however active it is.',
  },
  SESSION_IDLE_TTL_DAYS: {
    default: '7',
    description:
      'A session ends when its refresh token has not been used for this many days; at most SESSION_ABSOLUTE_TTL_DAYS.',
  },
  SMTP_URL: {
    default: '(unset: mail goes to the log)',
    description:
      'SMTP server for e-mail, e.g. smtp://user:pass@mail.example.com:587 or smtps://…:465; add ?ignoreTLS=true for a server whose STARTTLS must not be used.',
  },
  MAIL_FROM: {
    default: 'Orbita <no-reply@orbita.local>',
    description: 'Sender of every e-mail: an address, optionally with a display name.',
  },
  PUBLIC_URL: {
    default: '(unset)',
    description:
      'Address players open the site at (e.g. https://casino.example.com): e-mails link to it, game and payment pages are linked under it, and providers:check gives providers the callback URLs under it. Unset, the site works at whatever address it is opened at (127.0.0.1, a LAN address): links to the built-in studios and payment sandboxes are same-origin paths, and e-mails carry no link. Set it for an external provider or behind a proxy.',
  },
  OPERATOR_API_TOKEN: {
    default: '(unset: no service account)',
    description:
      "Bearer token of the back office's service account for automation (e.g. POST /api/operator/wallet/adjustments funds a player), at least 32 characters: its own permission set (no staff management), every change audited. Unset, /api/operator takes staff sessions only.",
  },
  REDIS_URL: {
    default: '(unset: one instance, in-process)',
    description:
      'Redis shared by every instance of one deployment (redis:// or rediss://): live chat messages, the online count, rate limits and the live-balance streams cap go through it; start-up stops if it does not answer.',
  },
  REDIS_KEY_PREFIX: {
    default: 'orbita:',
    description:
      'Put before every Redis key and channel, so several deployments can share one Redis.',
  },
  INSTANCE_URL: {
    default: '(unset: http://127.0.0.1:{port} once listening)',
    description:
      "This instance's own address as the other instances of the deployment reach it (e.g. http://10.0.0.5:3000): a simulated game opened on one instance is played on it, requests reaching another are forwarded there. Set it when instances run on different hosts.",
  },
  CONTENT_DIR: {
    default: 'apps/server/content',
    description:
      'Folder of the FAQ and information pages that a new install starts with: en/ and ru/, one Markdown file per page (faq, privacy, terms, loyalty, responsible-gaming). Stored in the database at the first start; after that, staff edit them in the back office (Content) and the files are not read again.',
  },
  SUPPORT_CHANNEL_URL: {
    default: '(unset: card hidden)',
    description:
      "Link of the help page's messaging-app channel card (e.g. https://t.me/…); unset, the card is not shown.",
  },
  SUPPORT_PARTNER_URL: {
    default: '(unset: card hidden)',
    description: "Link of the help page's partner card; unset, the card is not shown.",
  },
  API_DOCS: {
    default: '(unset: true, false in production)',
    description:
      'true serves the OpenAPI document and its browser at /api/docs; production answers 404 there unless set to true.',
  },
  REGISTRATIONS_PER_IP_HOUR: {
    default: '20',
    description:
      'Registrations (codes e-mailed) accepted from one client IP per hour, counted in the database for every instance; each address also has its own resend limits.',
  },
  GEOIP_DB_PATH: {
    default: '(unset: no places)',
    description:
      "A local MaxMind-format city database (.mmdb, e.g. GeoLite2-City): the profile's device list and new-sign-in e-mails name an approximate place for each IP. Unset, no place is shown.",
  },
  MIN_AGE: {
    default: '18',
    description:
      "Youngest age that may register (16 to 25; your licence's rule): a date of birth is asked at registration and a younger player is refused.",
  },
  TERMS_VERSION: {
    default: '1',
    description:
      'Version of the Terms & Conditions players accept (recorded with time and IP); when it changes, each player accepts the new version at the next login.',
  },
  PRIVACY_VERSION: {
    default: '1',
    description: 'Version of the Privacy Policy, accepted and re-accepted like TERMS_VERSION.',
  },
  KYC_WITHDRAWAL_THRESHOLD: {
    default: '2000.00',
    description:
      'Withdrawals above this amount (dollars) need a verified identity (documents reviewed through the operator API); the first withdrawal always does. 0 asks it for every withdrawal.',
  },
  REPORTS_TIME_ZONE: {
    default: 'UTC',
    description:
      'IANA time zone of the operator reports (e.g. Europe/Moscow): their days, weeks and months start at midnight there, and every report says which zone it is in. Changing it rebuilds the summaries from the ledger (the reports job, at its next run).',
  },
};

/** Secrets and URLs that may carry a password: never echoed in a configuration error. */
export const coreSecretVariables = [
  'DATABASE_URL',
  'JWT_SECRET',
  'OTP_SECRET',
  'SMTP_URL',
  'OPERATOR_API_TOKEN',
  'REDIS_URL',
] as const;

export interface CoreConfigPart {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute. */
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: (typeof logLevels)[number];
  /** Absolute. */
  webDistDir: string;
  trustProxy: boolean;
  bodyLimitBytes: number;
  /** Unset: generated once and kept in DATA_DIR/secrets.json (see lib/secrets.ts). */
  jwtSecret: string | undefined;
  otpSecret: string | undefined;
  accessTokenTtlSeconds: number;
  sessionAbsoluteTtlDays: number;
  sessionIdleTtlDays: number;
  /** Unset: messages go to the log (and, outside production, to the development outbox). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Without a trailing slash. */
  publicUrl: string | undefined;
  /** Unset: no service account on /api/operator (staff sessions only). Never logged. */
  operatorApiToken: string | undefined;
  /** Unset: one instance, shared state in-process. Never logged (may hold a password). */
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  /** This instance as the others reach it (INSTANCE_URL); undefined: 127.0.0.1 and the port it listens on. */
  instanceUrl: string | undefined;
  /** Absolute. */
  contentDir: string;
  /** The help page's link cards; unset, the card is hidden. */
  supportChannelUrl: string | undefined;
  supportPartnerUrl: string | undefined;
  /** Whether /api/docs is served (API_DOCS; off in production unless asked for). */
  apiDocs: boolean;
  registrationsPerIpHour: number;
  /** Absolute; unset: places are never shown. */
  geoipDbPath: string | undefined;
  minAge: number;
  termsVersion: string;
  privacyVersion: string;
  /** The zone the reports' days, weeks and months are in (docs/decisions/075). */
  reportsTimeZone: string;
}

export function coreConfigProblems(e: CoreEnv): string[] {
  return e.SESSION_IDLE_TTL_DAYS > e.SESSION_ABSOLUTE_TTL_DAYS
    ? [
        `  SESSION_IDLE_TTL_DAYS: must not exceed SESSION_ABSOLUTE_TTL_DAYS (${e.SESSION_ABSOLUTE_TTL_DAYS}) (got "${e.SESSION_IDLE_TTL_DAYS}")`,
      ]
    : [];
}

/** Relative paths resolve against `cwd`, the defaults against the server package. */
export function coreConfigFrom(e: CoreEnv, cwd: string): CoreConfigPart {
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    webDistDir:
      e.WEB_DIST_DIR === undefined
        ? resolve(serverPackageRoot, '../web/dist')
        : resolve(cwd, e.WEB_DIST_DIR),
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    jwtSecret: e.JWT_SECRET,
    otpSecret: e.OTP_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    sessionAbsoluteTtlDays: e.SESSION_ABSOLUTE_TTL_DAYS,
    sessionIdleTtlDays: e.SESSION_IDLE_TTL_DAYS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL,
    operatorApiToken: e.OPERATOR_API_TOKEN,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    instanceUrl: e.INSTANCE_URL,
    contentDir:
      e.CONTENT_DIR === undefined
        ? resolve(serverPackageRoot, 'content')
        : resolve(cwd, e.CONTENT_DIR),
    supportChannelUrl: e.SUPPORT_CHANNEL_URL,
    supportPartnerUrl: e.SUPPORT_PARTNER_URL,
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    registrationsPerIpHour: e.REGISTRATIONS_PER_IP_HOUR,
    geoipDbPath: e.GEOIP_DB_PATH === undefined ? undefined : resolve(cwd, e.GEOIP_DB_PATH),
    minAge: e.MIN_AGE,
    termsVersion: e.TERMS_VERSION,
    privacyVersion: e.PRIVACY_VERSION,
    reportsTimeZone: e.REPORTS_TIME_ZONE,
  };
}
